package bench.reactor.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.reactor.Fixtures;
import bench.reactor.HttpError;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class BookingInputTest {

  static Stream<JsonNode> invalid() {
    return StreamSupport.stream(Fixtures.json("bookings/invalid.json").spliterator(), false);
  }

  @ParameterizedTest(name = "{index}")
  @MethodSource("invalid")
  void everyInvalidFixtureIs422AsJsonAndAsProtobuf(JsonNode fixture) {
    byte[] json = fixture.get("booking").toString().getBytes(StandardCharsets.UTF_8);
    HttpError asJson = assertThrows(HttpError.class, () -> Bookings.validated(BookingDecoder.JSON, json), fixture.get("name").asText());
    assertEquals(422, asJson.status().code(), fixture.get("name").asText());
    byte[] protobuf = BookingDecoder.json(json).toByteArray();
    HttpError asProtobuf = assertThrows(HttpError.class, () -> Bookings.validated(BookingDecoder.PROTOBUF, protobuf));
    assertEquals(422, asProtobuf.status().code());
  }

  @Test
  void originTsIsUtcAndAbsentOptionalsAreNull() {
    String body = "{\"booking_id\":\"B-1\",\"dollar_value\":\"12.5\",\"start_date\":\"2022-06-01\",\"end_date\":\"2022-07-31\","
        + "\"origin_ts\":1700000000000,\"model\":\"Corolla\",\"trim\":\"LE\",\"stage\":\"\",\"type\":null}";
    BookingInput input = Bookings.validated(BookingDecoder.JSON, body.getBytes(StandardCharsets.UTF_8));
    assertEquals(LocalDateTime.of(2023, 11, 14, 22, 13, 20), input.originTs());
    assertEquals(1250, input.cents().intValueExact());
    assertEquals("", input.stage());
    assertNull(input.type());
    assertNull(input.parentId());
  }

  @Test
  void wrongJsonTypesAre400() {
    for (String body : new String[] {"null", "[]", "\"x\"", "{\"model\":42}", "{\"model\":[\"a\"]}", "{\"dollarValue\":{}}",
        "{\"originTs\":1.5}", "{\"originTs\":true}", "{\"originTs\":\"soon\"}", "{\"originTs\":\"99999999999999999999\"}", "{"}) {
      HttpError error = assertThrows(HttpError.class, () -> Bookings.validated(BookingDecoder.JSON, body.getBytes(StandardCharsets.UTF_8)), body);
      assertEquals(400, error.status().code(), body);
    }
  }

  @Test
  void undecodableProtobufIs400AndEmptyIs422() {
    assertEquals(400, assertThrows(HttpError.class, () -> Bookings.validated(BookingDecoder.PROTOBUF, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff})).status().code());
    assertEquals(422, assertThrows(HttpError.class, () -> Bookings.validated(BookingDecoder.PROTOBUF, new byte[0])).status().code());
  }
}
