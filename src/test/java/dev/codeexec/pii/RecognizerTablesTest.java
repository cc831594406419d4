package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One table per recognizer: text -> the values it must report (blank: none). About half the rows are
 * look-alikes that must not match. Each table runs only its entity type, at the default score.
 */
class RecognizerTablesTest {

    private static final Analyzer ANALYZER = new Analyzer(BuiltInRecognizers.all());

    private static void assertSpans(String entity, String text, String expected) {
        List<String> want = expected == null ? List.of() : Arrays.asList(expected.split(";"));
        List<String> got = ANALYZER.analyze(text, Set.of(entity), 0.5).stream()
                .map(f -> text.substring(f.start(), f.end())).toList();
        assertEquals(want, got, entity + " in: " + text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Write to jane.doe@example.co.uk today         | jane.doe@example.co.uk
            cc: a+tag@sub.example.org, b_c@example.io      | a+tag@sub.example.org;b_c@example.io
            not an email: user@localhost                   |
            double dot john..doe@example.com               |
            twitter handle @jane_doe                       |
            git@ without domain                            |
            """)
    void email(String text, String expected) {
        assertSpans("EMAIL_ADDRESS", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Call +44 20 7946 0958 tomorrow                | +44 20 7946 0958
            phone: (415) 555-2671                          | (415) 555-2671
            Tel. 01 42 68 53 00 (Paris)                    | 01 42 68 53 00
            mobile 0412 345 678                            | 0412 345 678
            Ruf an: 030 1234567                            | 030 1234567
            version 2.14.1 released                        |
            ISBN 978-3-16-148410-0                         |
            at 2024-01-15 10:30:00 UTC                     |
            order 1234567890123                            |
            UUID 123e4567-e89b-12d3-a456-426614174000      |
            """)
    void phone(String text, String expected) {
        assertSpans("PHONE_NUMBER", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Visa 4111 1111 1111 1111 expires 12/27         | 4111 1111 1111 1111
            card 5500-0000-0000-0004                       | 5500-0000-0000-0004
            amex 378282246310005                           | 378282246310005
            order number 4111111111111112                  |
            invoice 1234-5678-9012-3456                    |
            mixed 4111 1111-1111 1111                      |
            id 41111111111111111111111                     |
            """)
    void creditCard(String text, String expected) {
        assertSpans("CREDIT_CARD", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            IBAN GB82 WEST 1234 5698 7654 32               | GB82 WEST 1234 5698 7654 32
            pay to DE89370400440532013000 now              | DE89370400440532013000
            typo GB82WEST12345698765433                    |
            wrong length DE8937040044053201300             |
            SKU AB12CDEF34567890123                        |
            """)
    void iban(String text, String expected) {
        assertSpans("IBAN_CODE", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            host 192.168.1.20 is down                      | 192.168.1.20
            from fe80::1ff:fe23:4567:890a                  | fe80::1ff:fe23:4567:890a
            v6 2001:db8::8a2e:370:7334 and ::1             | 2001:db8::8a2e:370:7334;::1
            octet too big 256.1.1.1                        |
            version 1.2.3                                  |
            five parts 1.2.3.4.5                           |
            time 10:30:00                                  |
            MAC 00:1A:2B:3C:4D:5E                          |
            """)
    void ipAddress(String text, String expected) {
        assertSpans("IP_ADDRESS", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            see https://example.com/a?b=c.                 | https://example.com/a?b=c
            visit www.example.org, please                  | www.example.org
            file report.pdf                                |
            scheme only http://                            |
            """)
    void url(String text, String expected) {
        assertSpans("URL", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            SSN 536-22-1234 on file                        | 536-22-1234
            ssn: 536221234                                 | 536221234
            bad area 000-12-3456                           |
            bad area 666-12-3456                           |
            bad area 912-34-5678                           |
            bad group 536-00-1234                          |
            bad serial 536-22-0000                         |
            phone-like 536-22-12345                        |
            plain 536221234 without context                |
            """)
    void usSsn(String text, String expected) {
        assertSpans("US_SSN", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ITIN 912-70-1234                               | 912-70-1234
            taxpayer id 945 94 1234                        | 945 94 1234
            group outside ranges 912-45-1234               |
            not starting with 9: 812-70-1234               |
            """)
    void usItin(String text, String expected) {
        assertSpans("US_ITIN", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            bank account number 12345678901                | 12345678901
            checking account 0071234567                    | 0071234567
            order 12345678901 shipped                      |
            account number 11111111                        |
            """)
    void usBankNumber(String text, String expected) {
        assertSpans("US_BANK_NUMBER", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            driver's license D1234567                      | D1234567
            Driver license no. CA12345678                  | CA12345678
            ticket D1234567 closed                         |
            """)
    void usDriverLicense(String text, String expected) {
        assertSpans("US_DRIVER_LICENSE", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            passport number 123456789                      | 123456789
            Passport: C03005988                            | C03005988
            tracking 123456789                             |
            """)
    void usPassport(String text, String expected) {
        assertSpans("US_PASSPORT", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            NHS number 943 476 5919                        | 943 476 5919
            nhs: 9434765919                                | 9434765919
            check digit wrong 943 476 5918                 |
            NHS ref 123 456 7890                           |
            """)
    void ukNhs(String text, String expected) {
        assertSpans("UK_NHS", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            NI number AB 12 34 56 C                        | AB 12 34 56 C
            nino JT123456A                                 | JT123456A
            unallocated prefix BG123456A                   |
            bad letter QQ123456C                           |
            bad suffix AB123456E                           |
            """)
    void ukNino(String text, String expected) {
        assertSpans("UK_NINO", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            send to 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2     | 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2
            p2sh 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy        | 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy
            segwit bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq | bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq
            checksum off 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3 |
            bech32 off bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp |
            """)
    void crypto(String text, String expected) {
        assertSpans("CRYPTO", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            device 00:1A:2B:3C:4D:5E online                | 00:1A:2B:3C:4D:5E
            nic 00-1a-2b-3c-4d-5e                          | 00-1a-2b-3c-4d-5e
            cisco 001a.2b3c.4d5e                           | 001a.2b3c.4d5e
            mixed 00:1A-2B:3C:4D:5E                        |
            time 10:30:00:00:00                            |
            dotted 2024.0115.1030                          |
            """)
    void macAddress(String text, String expected) {
        assertSpans("MAC_ADDRESS", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Born on 12/03/1985 in Leeds                    | 12/03/1985
            DOB: 1985-03-12                                | 1985-03-12
            date of birth March 3 1985                     | March 3 1985
            invoice dated 12/03/1985                       |
            born 31/02/1985                                |
            released 2024-01-15T10:30:00Z                  |
            """)
    void dateOfBirth(String text, String expected) {
        assertSpans("DATE_OF_BIRTH", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            aws_access_key_id = AKIAQ3XJ7RM2VBNK4LPT       | AKIAQ3XJ7RM2VBNK4LPT
            docs example AKIAIOSFODNN7EXAMPLE              |
            too short AKIAQ3XJ7RM2VBNK                     |
            """)
    void awsAccessKey(String text, String expected) {
        assertSpans("AWS_ACCESS_KEY", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            GH ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789    | ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789
            short ghp_abc123                               |
            word ghost_protocol_enabled                    |
            """)
    void githubToken(String text, String expected) {
        assertSpans("GITHUB_TOKEN", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            bot xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx | xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx
            hook https://hooks.slack.com/services/T0ABC1234/B0DEF5678/AbCdEfGhIjKlMnOpQrStUvWx | https://hooks.slack.com/services/T0ABC1234/B0DEF5678/AbCdEfGhIjKlMnOpQrStUvWx
            prefix only xoxb-                              |
            """)
    void slackToken(String text, String expected) {
        assertSpans("SLACK_TOKEN", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U | eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U
            not json eyJxxxxxxxxxx.eyJyyyyyyyy.zzzzzzzzzzzz |
            two parts eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0  |
            """)
    void jwt(String text, String expected) {
        assertSpans("JWT", text, expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            password=Xk9#mQ2$vL7pR4tZ                      | Xk9#mQ2$vL7pR4tZ
            "api_key": "sk_live_4eC39HqLyjWDarjtT1zdp7dc"  | sk_live_4eC39HqLyjWDarjtT1zdp7dc
            password=changeme                              |
            secret: ${DB_SECRET_VALUE}                     |
            token count: 12                                |
            """)
    void secretAssignment(String text, String expected) {
        assertSpans("SECRET", text, expected);
    }
}
