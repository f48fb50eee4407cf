package bench.spring5;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

class HttpPipelineTest {

  @Test
  void aLegalTargetIsLeftAlone() {
    assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/%2e%2e/a.txt?x=1&y=%20")).isNull();
  }

  @Test
  void charactersAUriMayNotHoldArePercentEncoded() {
    assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/static/..\\secret.txt"))
        .isEqualTo("/static/..%5Csecret.txt");
    assertThat(HttpPipeline.TargetEncoder.encodeIllegal("/a b\"c|d")).isEqualTo("/a%20b%22c%7Cd");
  }

  @Test
  void theDateIsAnHttpDate() {
    String date = new HttpPipeline.DateStamper().now();
    assertThat(ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME)).isNotNull();
    assertThat(date).endsWith("GMT");
  }
}
