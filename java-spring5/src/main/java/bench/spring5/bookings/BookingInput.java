package bench.spring5.bookings;

import bench.bookings.proto.Booking;
import bench.spring5.HttpError;
import bench.spring5.Json;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The two encodings of a POST /bookings body (spec/API.md §6.1), both decoded to the generated
 * {@link Booking} message. Anything that does not decode is a 400; validation (422) comes after.
 */
final class BookingInput {

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

  // proto3 JSON: lowerCamelCase names, and the original snake_case ones too.
  private static final Map<String, BiConsumer<Booking.Builder, String>> STRINGS = Map.ofEntries(
      Map.entry("bookingId", Booking.Builder::setBookingId), Map.entry("booking_id", Booking.Builder::setBookingId),
      Map.entry("dollarValue", Booking.Builder::setDollarValue),
      Map.entry("dollar_value", Booking.Builder::setDollarValue),
      Map.entry("startDate", Booking.Builder::setStartDate), Map.entry("start_date", Booking.Builder::setStartDate),
      Map.entry("endDate", Booking.Builder::setEndDate), Map.entry("end_date", Booking.Builder::setEndDate),
      Map.entry("parentId", Booking.Builder::setParentId), Map.entry("parent_id", Booking.Builder::setParentId),
      Map.entry("model", Booking.Builder::setModel), Map.entry("trim", Booking.Builder::setTrim),
      Map.entry("stage", Booking.Builder::setStage), Map.entry("type", Booking.Builder::setType));

  private BookingInput() {}

  /** Binary protobuf: protobuf-java's own rules (unknown fields and mismatched wire types are skipped). */
  static Booking fromProtobuf(byte[] body) {
    try {
      return Booking.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw HttpError.badRequest("Body is not a valid Booking message");
    }
  }

  /**
   * The proto3 JSON mapping, with JSON types checked strictly: JsonFormat would accept a number for a string
   * field. null means absent; unknown fields are ignored.
   */
  static Booking fromJson(byte[] body) {
    JsonNode json = Json.parse(body);
    if (!json.isObject()) {
      throw HttpError.badRequest("Body must be a JSON object");
    }
    Booking.Builder booking = Booking.newBuilder();
    for (Map.Entry<String, JsonNode> field : json.properties()) {
      JsonNode value = field.getValue();
      if (value.isNull()) {
        continue;
      }
      String name = field.getKey();
      BiConsumer<Booking.Builder, String> setter = STRINGS.get(name);
      if (setter != null) {
        if (!value.isString() || !Json.isWellFormed(value.stringValue())) {
          throw HttpError.badRequest(name + " must be a string");
        }
        setter.accept(booking, value.stringValue());
      } else if (name.equals("originTs") || name.equals("origin_ts")) {
        booking.setOriginTs(int64(value, name));
      }
    }
    return booking.build();
  }

  private static long int64(JsonNode value, String name) {
    try {
      if (value.isIntegralNumber() && value.canConvertToLong()) {
        return value.longValue();
      }
      if (value.isString() && INTEGER.matcher(value.stringValue()).matches()) {
        return Long.parseLong(value.stringValue());
      }
    } catch (NumberFormatException e) {
      // beyond int64: falls through to the 400 below
    }
    throw HttpError.badRequest(name + " must be an integer within int64");
  }
}
