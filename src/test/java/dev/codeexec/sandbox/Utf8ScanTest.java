package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The streaming scan agrees with a strict decoder (plus no NUL) and with shownWeight, wherever the stream is split. */
class Utf8ScanTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "68656c6c6f0a", "c3a9e282acf09f9880", "00", "ff", "c3", "e282", "c0af", "eda080",
        "f4908080", "f09f98", "e282ac41", "80", "c3a9ff", "f0908080", "0109", "e2e282ac", "f09f41"})
    void agreesWithAStrictDecoderAndWithShownWeight(String hex) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        boolean expected = strict(bytes);
        for (int split = 0; split <= bytes.length; split++) {
            Utf8.Scan check = new Utf8.Scan();
            check.add(bytes, 0, split);
            check.add(bytes, split, bytes.length - split);
            assertEquals(expected, check.text(), hex + " split at " + split);
            assertEquals(Utf8.shownWeight(bytes, 0, bytes.length), check.weight(), hex + " split at " + split);
        }
    }

    private static boolean strict(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return false;
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
