package bench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestTargetTest {

    @ParameterizedTest
    @CsvSource({
        "/hello?x=1, /hello?x=1",
        "http://localhost:8081/hello?x=1, /hello?x=1",
        "http://localhost:8081, /",
        "http://localhost:8081?x=1, /?x=1",
        "*, *"
    })
    void theOriginFormOfATarget(String target, String origin) {
        assertEquals(origin, RequestTarget.originForm(target));
    }

    @Test
    void theAuthorityOfAnAbsoluteTargetWithoutItsUserinfo() {
        assertEquals("localhost:8081", RequestTarget.authority("http://localhost:8081/hello"));
        assertEquals("h:1", RequestTarget.authority("http://user:pw@h:1/x"));
        assertEquals("h", RequestTarget.authority("https://h#f"));
        assertNull(RequestTarget.authority("/hello"));
        assertNull(RequestTarget.authority("localhost:8081"));
    }

    @Test
    void oneHostHeaderNamingTheAbsoluteTargetsHost() {
        assertNull(RequestTarget.hostProblem("/hello", List.of("localhost"), false));
        assertNull(RequestTarget.hostProblem("/hello", List.of(), true), "HTTP/1.0 may send none");
        assertNull(RequestTarget.hostProblem("http://LOCALHOST:1/x", List.of("localhost:1"), false));
        assertEquals("No Host header", RequestTarget.hostProblem("/hello", List.of(), false));
        assertEquals("More than one Host header", RequestTarget.hostProblem("/hello", List.of("a", "a"), false));
        assertEquals(
                "Host header differs from the request target's",
                RequestTarget.hostProblem("http://a/x", List.of("b"), false));
    }
}
