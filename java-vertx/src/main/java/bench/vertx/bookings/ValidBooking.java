package bench.vertx.bookings;

import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;

/** A booking that passed every rule: the bookings row to insert, plus its value in cents for the allocation. */
public record ValidBooking(
        String bookingId,
        String dollarValue,
        BigInteger cents,
        LocalDate startDate,
        LocalDate endDate,
        LocalDateTime originTs,
        String parentId,
        String model,
        String trim,
        String stage,
        String type) {}
