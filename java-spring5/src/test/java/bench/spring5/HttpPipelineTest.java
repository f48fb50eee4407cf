package bench.spring5;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class HttpPipelineTest {

    @Test
    void aLegalTargetIsLeftAlone() {
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/%2e%2e/a.txt?x=1&y=%20"))
                .isNull();
    }

    @Test
    void charactersAUriMayNotHoldArePercentEncoded() {
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/..\\secret.txt"))
                .isEqualTo("/static/..%5Csecret.txt");
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/a b\"c|d")).isEqualTo("/a%20b%22c%7Cd");
    }

    @Test
    void aPercentThatBeginsNoEscapeIsItselfEncoded() {
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/%")).isEqualTo("/static/%25");
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/%zz")).isEqualTo("/static/%25zz");
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/hello.txt%"))
                .isEqualTo("/static/hello.txt%25");
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/a%4")).isEqualTo("/a%254");
        assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/%ff?q=%Aa"))
                .isNull();
    }

    @Test
    void theDateIsAnImfFixdateWithATwoDigitDay() {
        Clock firstOfMarch = Clock.fixed(Instant.parse("2024-03-01T08:09:07.500Z"), ZoneOffset.UTC);
        assertThat(new HttpPipeline.DateStamper(firstOfMarch).now()).isEqualTo("Fri, 01 Mar 2024 08:09:07 GMT");
    }
}
