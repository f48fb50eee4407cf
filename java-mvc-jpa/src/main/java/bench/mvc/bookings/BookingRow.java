package bench.mvc.bookings;

import bench.contract.bookings.ValidBooking;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.springframework.data.jpa.repository.JpaRepository;

/** A row of {@code bookings} (spec/schema.sql). {@code created_at} is left to the table's default. */
@Entity
@Table(name = "bookings")
class BookingRow {

    interface Repository extends JpaRepository<BookingRow, Integer> {}

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Integer rowId;

    private String bookingId;

    @Column(precision = 19, scale = 2)
    private BigDecimal dollarValue;

    private LocalDate startDate;
    private LocalDate endDate;
    private Instant originTs;
    private String parentId;
    private String model;
    private String trim;
    private String stage;
    private String type;

    protected BookingRow() {}

    BookingRow(ValidBooking in) {
        this.bookingId = in.bookingId();
        this.dollarValue = in.dollarValue();
        this.startDate = in.startDate();
        this.endDate = in.endDate();
        this.originTs = in.originTs().toInstant(ZoneOffset.UTC);
        this.parentId = in.parentId();
        this.model = in.model();
        this.trim = in.trim();
        this.stage = in.stage();
        this.type = in.type();
    }

    Integer rowId() {
        return rowId;
    }
}
