package dev.codeexec.pii;

import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.PhoneNumberUtil.PhoneNumberFormat;
import com.google.i18n.phonenumbers.Phonenumber.PhoneNumber;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;


/**
 * A generated, labelled corpus: valid values of every entity type embedded in realistic sentences,
 * invalid values of the same shapes, and look-alikes (versions, UUIDs, ISBNs, timestamps, order
 * numbers). Seeded, so every run sees the same text.
 */
public final class LabelledCorpus {

    /** A labelled value: where it is and what it is ({@code null} entity: must not be reported). */
    public record Label(String entity, int start, int end) {
    }

    public record Document(String text, List<Label> labels) {
    }

    private final Random random;
    private final StringBuilder text = new StringBuilder();
    private final List<Label> labels = new ArrayList<>();

    LabelledCorpus(long seed) {
        this.random = new Random(seed);
    }

    /** Builds a corpus with {@code perType} valid and about as many invalid examples per type. */
    public static Document generate(long seed, int perType) {
        LabelledCorpus c = new LabelledCorpus(seed);
        for (int i = 0; i < perType; i++) {
            c.validRound();
            c.invalidRound();
        }
        return new Document(c.text.toString(), List.copyOf(c.labels));
    }

    private void sentence(String template, String entity, String value) {
        int at = template.indexOf("{}");
        text.append(template, 0, at);
        int start = text.length();
        text.append(value);
        if (entity != null) {
            labels.add(new Label(entity, start, text.length()));
        }
        text.append(template, at + 2, template.length()).append(filler()).append("\n\n");
    }

    private String filler() {
        String[] f = {" Thanks for your help.", " Let me know if anything changes.", " The meeting moved to Friday.",
                " See the attached notes.", "", " Regards, the support team."};
        return f[random.nextInt(f.length)];
    }

    private <T> T pick(List<T> items) {
        return items.get(random.nextInt(items.size()));
    }

    private void validRound() {
        sentence(pick(List.of("Please write to {} with the signed form.", "Her e-mail is {}.", "cc {} on the thread.")),
                "EMAIL_ADDRESS", email());
        sentence(pick(List.of("You can call me on {} after 5pm.", "Phone: {}", "Mobile number {} (WhatsApp too).")),
                "PHONE_NUMBER", phone());
        sentence(pick(List.of("Charge it to card {} please.", "Visa ending soon: {}", "Payment card {} was declined.")),
                "CREDIT_CARD", card(true));
        sentence(pick(List.of("Transfer the deposit to IBAN {} by Monday.", "Our bank account: {}")),
                "IBAN_CODE", iban(true));
        sentence(pick(List.of("The server at {} stopped answering.", "Login from IP {} was blocked.")),
                "IP_ADDRESS", random.nextInt(3) == 0 ? ipv6() : ipv4(true));
        sentence(pick(List.of("The report is at {} for review.", "Visit {} to reset it.")), "URL", url());
        sentence(pick(List.of("His SSN is {} according to the form.", "Social security number: {}")),
                "US_SSN", ssn(true));
        sentence(pick(List.of("ITIN {} was issued last year.", "Taxpayer ITIN: {}")), "US_ITIN", itin(true));
        sentence("Bank account number {} at First National.", "US_BANK_NUMBER", digits(10 + random.nextInt(4)));
        sentence("Driver's license {} expires in 2027.", "US_DRIVER_LICENSE", upper(1) + digits(7));
        sentence("Passport number {} was scanned at the desk.", "US_PASSPORT", digits(9));
        sentence(pick(List.of("NHS number {} is registered at the clinic.", "Patient NHS no. {}")),
                "UK_NHS", nhs(true));
        sentence(pick(List.of("National Insurance number {} is on the payslip.", "NINO: {}")), "UK_NINO", nino());
        sentence(pick(List.of("Send the bitcoin to {} today.", "BTC wallet {}")), "CRYPTO", crypto(true));
        sentence(pick(List.of("Device MAC {} joined the network.", "The ethernet adapter {} is offline.")),
                "MAC_ADDRESS", mac(true));
        sentence(pick(List.of("She was born on {} in Leeds.", "Date of birth: {}")), "DATE_OF_BIRTH", date());
        sentence("aws_access_key_id = {}", "AWS_ACCESS_KEY", "AKIA" + base32(16));
        sentence("export GITHUB_TOKEN={}", "GITHUB_TOKEN", githubToken());
        sentence("SLACK_BOT_TOKEN: {}", "SLACK_TOKEN", "xoxb-" + digits(12) + "-" + digits(13) + "-" + alnum(24));
        sentence("Authorization: Bearer {}", "JWT", jwt());
        sentence("key file:\n{}\n", "PRIVATE_KEY", pem());
        sentence(pick(List.of("db_password = {}", "\"client_secret\": \"{}\"", "API_KEY={}")), "SECRET", secret());
    }

    /** A version-4 UUID from the seeded generator, so the corpus is the same for the same seed. */
    private String uuid() {
        long high = random.nextLong() & ~0xF000L | 0x4000L;
        long low = random.nextLong() & 0x3FFFFFFFFFFFFFFFL | 0x8000000000000000L;
        return new java.util.UUID(high, low).toString();
    }

    private void invalidRound() {
        sentence("Order number {} shipped yesterday.", null, card(false));
        sentence("Reference {} is not an SSN.", null, ssn(false));
        sentence("Old IBAN {} was rejected.", null, iban(false));
        sentence("NHS lookup failed for {}.", null, nhs(false));
        sentence("Upgrade to version {} tonight.", null, random.nextInt(9) + "." + random.nextInt(30) + "."
                + random.nextInt(20));
        sentence("Request id {} failed.", null, uuid());
        sentence("ISBN {} is out of print.", null, "978-" + random.nextInt(10) + "-" + digits(3) + "-"
                + digits(5) + "-" + random.nextInt(10));
        sentence("Logged at {} by the job.", null, "2024-0" + (1 + random.nextInt(9)) + "-1" + random.nextInt(9)
                + "T1" + random.nextInt(9) + ":3" + random.nextInt(9) + ":00Z");
        sentence("It started at {} sharp.", null, "1" + random.nextInt(9) + ":" + (10 + random.nextInt(50)) + ":00");
        sentence("Invoice dated {} is overdue.", null, date());
        sentence("Ping {} timed out.", null, ipv4(false));
        sentence("Wallet {} has a typo.", null, crypto(false));
        sentence("Interface {} is misconfigured.", null, mac(false));
        sentence("The password = {} is a placeholder.", null, pick(List.of("changeme", "password", "${DB_PASS}")));
        sentence("Tracking number {} is in transit.", null, digits(9));
        sentence("Ticket {} was closed.", null, "ORD-2024-" + digits(6));
        sentence("Example key {} from the docs.", null, "AKIAIOSFODNN7EXAMPLE");
        sentence("Bad address {} bounced.", null, "john..doe@example.com");
    }

    private String email() {
        return pick(List.of("jane", "li.wei", "m.garcia", "o'neil", "sam+news")).replace("'", "") + random.nextInt(99)
                + "@" + pick(List.of("example.com", "mail.example.org", "corp.example.co.uk", "example.io"));
    }

    private String phone() {
        PhoneNumberUtil util = PhoneNumberUtil.getInstance();
        String region = pick(List.of("US", "GB", "FR", "DE", "AU", "IN", "ES", "IT", "NL", "SE", "MX", "JP", "BR",
                "ZA", "CH", "PL"));
        PhoneNumber example = util.getExampleNumberForType(region,
                random.nextBoolean() ? PhoneNumberUtil.PhoneNumberType.MOBILE : PhoneNumberUtil.PhoneNumberType.FIXED_LINE);
        PhoneNumber n = new PhoneNumber().mergeFrom(example);
        for (int tries = 0; tries < 20; tries++) {
            long candidate = example.getNationalNumber() - example.getNationalNumber() % 100 + random.nextInt(100);
            n.setNationalNumber(candidate);
            if (util.isValidNumber(n)) {
                break;
            }
            n.setNationalNumber(example.getNationalNumber());
        }
        boolean national = List.of("US", "GB", "FR", "AU").contains(region) && random.nextBoolean();
        return util.format(n, national ? PhoneNumberFormat.NATIONAL : PhoneNumberFormat.INTERNATIONAL);
    }

    private String card(boolean valid) {
        String prefix = pick(List.of("4", "51", "55", "2221", "37", "6011"));
        int length = prefix.equals("37") ? 15 : 16;
        String body = prefix + digits(length - prefix.length() - 1);
        int check = luhnDigit(body);
        String number = body + (valid ? check : (check + 1 + random.nextInt(9)) % 10);
        if (length == 16 && random.nextBoolean()) {
            String sep = random.nextBoolean() ? " " : "-";
            return String.join(sep, number.substring(0, 4), number.substring(4, 8), number.substring(8, 12),
                    number.substring(12));
        }
        return number;
    }

    private static int luhnDigit(String body) {
        for (int d = 0; d < 10; d++) {
            if (CreditCardRecognizer.luhn(body + d)) {
                return d;
            }
        }
        throw new IllegalStateException();
    }

    private String iban(boolean valid) {
        String country = pick(List.of("DE", "GB", "NL", "FR"));
        String bban = switch (country) {
            case "DE" -> digits(18);
            case "GB" -> upper(4) + digits(14);
            case "NL" -> upper(4) + digits(10);
            default -> digits(23);
        };
        String numeric = toNumeric(bban + country + "00");
        int check = 98 - new BigInteger(numeric).mod(BigInteger.valueOf(97)).intValue();
        if (!valid) {
            check = (check + 1 + random.nextInt(50)) % 97 + 2;
        }
        String iban = country + String.format("%02d", check) + bban;
        if (random.nextBoolean()) {
            StringBuilder grouped = new StringBuilder();
            for (int i = 0; i < iban.length(); i += 4) {
                grouped.append(i == 0 ? "" : " ").append(iban, i, Math.min(iban.length(), i + 4));
            }
            return grouped.toString();
        }
        return iban;
    }

    private static String toNumeric(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            out.append(Character.getNumericValue(c));
        }
        return out.toString();
    }

    private String ipv4(boolean valid) {
        int bad = valid ? -1 : random.nextInt(4);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            out.append(i == 0 ? "" : ".").append(i == bad ? 256 + random.nextInt(700) : 1 + random.nextInt(254));
        }
        return out.toString();
    }

    private String ipv6() {
        StringBuilder out = new StringBuilder(random.nextBoolean() ? "2001:db8:" : "fe80::");
        int groups = out.toString().endsWith("::") ? 4 : 6;
        for (int i = 0; i < groups; i++) {
            out.append(i == 0 ? "" : ":").append(Integer.toHexString(1 + random.nextInt(0xfffe)));
        }
        return out.toString();
    }

    private String url() {
        return pick(List.of("https://", "http://", "www.")) + pick(List.of("example.com", "docs.example.org"))
                + pick(List.of("/reports/q3", "/a/b?id=" + digits(4), "/index.html", ""));
    }

    private String ssn(boolean valid) {
        if (!valid) {
            return pick(List.of("000-" + digits(2) + "-" + digits(4), "666-" + digits(2) + "-" + digits(4),
                    "9" + digits(2) + "-4" + random.nextInt(10) + "-" + digits(4), "123-00-" + digits(4)));
        }
        int area = 1 + random.nextInt(665);
        return String.format("%03d-%02d-%04d", area, 1 + random.nextInt(99), 1 + random.nextInt(9999));
    }

    private String itin(boolean valid) {
        return "9" + digits(2) + "-" + (70 + random.nextInt(19)) + "-" + String.format("%04d", 1 + random.nextInt(9999));
    }

    private String nhs(boolean valid) {
        while (true) {
            String body = (1 + random.nextInt(9)) + digits(8);
            int sum = 0;
            for (int i = 0; i < 9; i++) {
                sum += (body.charAt(i) - '0') * (10 - i);
            }
            int check = 11 - sum % 11;
            if (check == 10) {
                continue;
            }
            check = check == 11 ? 0 : check;
            String d = body + (valid ? check : (check + 1 + random.nextInt(8)) % 10);
            if (!valid && UkNhsRecognizer.checkDigitMatches(d)) {
                continue;
            }
            return d.substring(0, 3) + " " + d.substring(3, 6) + " " + d.substring(6);
        }
    }

    private String nino() {
        String first = "ABCEGHJKLMNPRSTWXYZ";
        String second = "ABCEGHJKLMNPRSTWXYZ";
        String prefix;
        do {
            prefix = "" + first.charAt(random.nextInt(first.length())) + second.charAt(random.nextInt(second.length()));
        } while (List.of("BG", "GB", "NK", "KN", "TN", "NT", "ZZ").contains(prefix));
        String d = digits(6);
        String suffix = "" + "ABCD".charAt(random.nextInt(4));
        return random.nextBoolean() ? prefix + d + suffix
                : prefix + " " + d.substring(0, 2) + " " + d.substring(2, 4) + " " + d.substring(4) + " " + suffix;
    }

    private String crypto(boolean valid) {
        if (random.nextInt(3) == 0) {
            String addr = pick(List.of("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
                    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
                    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"));
            return valid ? addr : addr.substring(0, addr.length() - 1) + (addr.endsWith("q") ? "p" : "q");
        }
        byte[] payload = new byte[25];
        payload[0] = (byte) (random.nextBoolean() ? 0x00 : 0x05);
        for (int i = 1; i < 21; i++) {
            payload[i] = (byte) random.nextInt(256);
        }
        byte[] hash = sha256(sha256(java.util.Arrays.copyOfRange(payload, 0, 21)));
        System.arraycopy(hash, 0, payload, 21, 4);
        if (!valid) {
            payload[24] ^= 0x01;
        }
        return base58(payload);
    }

    private static String base58(byte[] bytes) {
        String alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
        BigInteger n = new BigInteger(1, bytes);
        StringBuilder out = new StringBuilder();
        while (n.signum() > 0) {
            BigInteger[] qr = n.divideAndRemainder(BigInteger.valueOf(58));
            out.append(alphabet.charAt(qr[1].intValue()));
            n = qr[0];
        }
        for (int i = 0; i < bytes.length && bytes[i] == 0; i++) {
            out.append('1');
        }
        return out.reverse().toString();
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private String mac(boolean valid) {
        StringBuilder out = new StringBuilder();
        char sep = random.nextBoolean() ? ':' : '-';
        for (int i = 0; i < 6; i++) {
            char s = !valid && i == 3 ? (sep == ':' ? '-' : ':') : sep;
            out.append(i == 0 ? "" : String.valueOf(s)).append(String.format("%02X", random.nextInt(256)));
        }
        return out.toString();
    }

    private String date() {
        int year = 1940 + random.nextInt(65);
        int month = 1 + random.nextInt(12);
        int day = 1 + random.nextInt(28);
        String[] names = {"January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"};
        return switch (random.nextInt(3)) {
            case 0 -> String.format("%02d/%02d/%d", day, month, year);
            case 1 -> String.format("%d-%02d-%02d", year, month, day);
            default -> names[month - 1] + " " + day + ", " + year;
        };
    }

    private String githubToken() {
        String body = alnum(30);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(body.getBytes(StandardCharsets.US_ASCII));
        return "ghp_" + body + GithubTokenRecognizer.base62(crc.getValue());
    }

    private String jwt() {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString(("{\"sub\":\"" + digits(8) + "\",\"name\":\"Ann\"}")
                .getBytes(StandardCharsets.UTF_8));
        return header + "." + payload + "." + alnum(43);
    }

    private String pem() {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 4 + random.nextInt(8); i++) {
            byte[] line = new byte[48];
            random.nextBytes(line);
            body.append(Base64.getEncoder().encodeToString(line)).append('\n');
        }
        String kind = pick(List.of("RSA ", "EC ", "OPENSSH ", ""));
        return "-----BEGIN " + kind + "PRIVATE KEY-----\n" + body + "-----END " + kind + "PRIVATE KEY-----";
    }

    private String secret() {
        return alnum(6) + pick(List.of("#", "!", "_", "-")) + alnum(10);
    }

    private String digits(int n) {
        StringBuilder out = new StringBuilder();
        out.append(1 + random.nextInt(9));
        for (int i = 1; i < n; i++) {
            out.append(random.nextInt(10));
        }
        return out.toString();
    }

    private String upper(int n) {
        return chars(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    }

    private String base32(int n) {
        return chars(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567");
    }

    private String alnum(int n) {
        return chars(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
    }

    private String chars(int n, String alphabet) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }

}
