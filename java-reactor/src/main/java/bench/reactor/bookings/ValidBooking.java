package bench.reactor.bookings;

import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * A booking that passed {@link BookingRules}, in the types the transaction binds: the bookings row, plus its
 * value in cents for the allocation. Absent optional fields are null, present ones kept as given (even "").
 */
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
