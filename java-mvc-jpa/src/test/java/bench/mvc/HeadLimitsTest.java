package bench.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.coyote.http11.Http11InputBuffer;
import org.apache.tomcat.util.res.StringManager;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The head's limits as the filter counts them, and Tomcat's refusal of a head past its own limit, as answered. */
class HeadLimitsTest {

    /** A GET whose target ({@code /hello?q=…}) is {@code bytes} long. */
    static MockHttpServletRequest withTarget(int bytes) {
        var request = new MockHttpServletRequest("GET", "/hello");
        request.setQueryString("q=" + "x".repeat(bytes - "/hello?q=".length()));
        return request;
    }

    /** A GET /hello whose section is {@code bytes} long in {@code lines} field lines (`X-Pad: xxx` CRLF each). */
    static MockHttpServletRequest withSection(int bytes, int lines) {
        var request = new MockHttpServletRequest("GET", "/hello");
        int room = bytes - lines * "X-Pad: \r\n".length();
        for (int i = 0; i < lines; i++) {
            request.addHeader("X-Pad", "x".repeat(room / lines + (i < room % lines ? 1 : 0)));
        }
        return request;
    }

    @Test
    void aTargetOver8192BytesIs414() {
        assertThat(HeadLimits.refusal(withTarget(8_192))).isZero();
        assertThat(HeadLimits.refusal(withTarget(8_193))).isEqualTo(414);
    }

    @Test
    void aSectionOver16384BytesIs431WhateverItsFields() {
        for (int lines : new int[] {1, 100}) {
            assertThat(HeadLimits.refusal(withSection(16_384, lines)))
                    .as("%d lines", lines)
                    .isZero();
            assertThat(HeadLimits.refusal(withSection(16_385, lines)))
                    .as("%d lines", lines)
                    .isEqualTo(431);
        }
    }

    @Test
    void moreThan100FieldLinesIs431() {
        assertThat(HeadLimits.refusal(withSection(1_000, 100))).isZero();
        assertThat(HeadLimits.refusal(withSection(1_000, 101))).isEqualTo(431);
    }

    @Test
    void aTargetTooLongIsRefusedBeforeTheFields() {
        var request = withSection(16_385, 1);
        request.setQueryString("q=" + "x".repeat(9_000));
        assertThat(HeadLimits.refusal(request)).isEqualTo(414);
    }

    @Test
    void theRefusalIsTheJsonErrorThenClose() throws Exception {
        var response = new MockHttpServletResponse();
        var chain = new MockFilterChain();
        new HeadLimits().doFilter(withSection(1_000, 101), response, chain);
        assertThat(chain.getRequest()).as("the chain never runs").isNull();
        assertThat(response.getStatus()).isEqualTo(431);
        assertThat(response.getHeader("Connection")).isEqualTo("close");
        assertThat(response.getContentType()).isEqualTo("application/json");
        assertThat(response.getContentAsString()).isEqualTo("{\"error\":\"request header fields too large\"}");
        assertThat(response.getContentLength()).isEqualTo(43);
    }

    @Test
    void tomcatsRefusalOfAHeadPastItsLimitIs414Or431() {
        var tooLarge = new IllegalArgumentException(
                StringManager.getManager(Http11InputBuffer.class).getString("iib.requestheadertoolarge.error"));
        assertThat(tooLarge.getMessage()).isNotNull();
        // Stopped inside the request line: no target read.
        assertThat(ContainerErrors.tomcatHeadStatus(400, tooLarge, null)).isEqualTo(414);
        assertThat(ContainerErrors.tomcatHeadStatus(400, tooLarge, "/hello?q=" + "x".repeat(9_000)))
                .isEqualTo(414);
        assertThat(ContainerErrors.tomcatHeadStatus(400, tooLarge, "/hello")).isEqualTo(431);
        // Any other head Tomcat could not read is malformed.
        assertThat(ContainerErrors.tomcatHeadStatus(400, new IllegalArgumentException("Invalid character"), "/hello"))
                .isEqualTo(400);
        assertThat(ContainerErrors.tomcatHeadStatus(400, null, "/hello")).isEqualTo(400);
    }
}
