package bench.contract.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StaticPathTest {

    @ParameterizedTest
    @CsvSource({
        "sub/nested.txt, sub|nested.txt",
        "1kb.bin, 1kb.bin",
        "%68ello%2etxt, hello.txt",
        "a+b%20c.txt, a+b c.txt",
        "caf%C3%A9, café",
        "hello.txt;x, hello.txt;x",
        "hello.txt%3Bx, hello.txt;x",
        "%252e%252e/x, %2e%2e|x",
        "~, ~",
        "é%20x, é x",
        "sub/nested%20file.txt, sub|nested file.txt",
        "sub/nested.txt;a=b, sub|nested.txt;a=b"
    })
    void eachSegmentIsDecodedOnce(String raw, String expected) {
        assertEquals(Optional.of(List.of(expected.split("\\|"))), StaticPath.segments(raw));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "sub/",
                "1kb.bin/",
                "/etc/passwd",
                "sub//nested.txt",
                "..",
                "../x",
                "sub/../x",
                "%2e%2e/x",
                ".%2e",
                "%2E",
                ".hidden",
                "sub/.secret",
                ".hidden/x",
                "a%2fb",
                "%2Fetc%2Fpasswd",
                "a\\b",
                "a%5cb",
                "..%5cx",
                "a%00b",
                "hello.txt%00.bin",
                "%",
                "%zz",
                "hello.txt%",
                "hello.txt%4",
                "%ff",
                "%C3%28",
                "%c0%ae%c0%ae",
                "%ED%A0%80",
                "..%2fx",
                "a%4",
                "%\u0661\u0661",
                "sub/%2E",
                "a//b",
                "%c0%ae"
            })
    void nothingThatIsEmptyDottedASeparatorNulOrUndecodableIsServed(String raw) {
        assertEquals(Optional.empty(), StaticPath.segments(raw), raw);
    }

    @ParameterizedTest
    @CsvSource({
        "chat.html, text/html; charset=utf-8",
        "hello.txt, text/plain; charset=utf-8",
        "A.TXT, text/plain; charset=utf-8",
        "sample.json, application/json",
        "sample.js, text/javascript; charset=utf-8",
        "sample.css, text/css; charset=utf-8",
        "1kb.bin, application/octet-stream",
        "unknown.xyz, application/octet-stream",
        "README, application/octet-stream",
        "hello.txt;x, application/octet-stream"
    })
    void typesComeFromTheContractsTable(String name, String type) {
        assertEquals(type, StaticPath.contentType(name));
    }
}
