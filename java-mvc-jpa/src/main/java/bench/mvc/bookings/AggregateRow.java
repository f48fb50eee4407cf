package bench.mvc.bookings;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;

/**
 * A row of {@code aggregates}: one product's total in one half-year. {@code version} counts the bookings that
 * touched it, so it is a plain column, not JPA's {@code @Version}: a zero share must still count, and the row
 * is already locked (SELECT … FOR UPDATE) when it changes. {@code last_updated} is the table's own.
 */
@Entity
@Table(name = "aggregates")
class AggregateRow {

    interface Repository extends JpaRepository<AggregateRow, Integer> {

        /** {@code SELECT … FOR UPDATE}: the row stays locked until the booking's transaction ends. */
        @Lock(LockModeType.PESSIMISTIC_WRITE)
        Optional<AggregateRow> findByModelAndTrimAndFiscalPeriodId(String model, String trim, int fiscalPeriodId);
    }

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Integer rowId;

    private int version;
    private String model;
    private String trim;

    @Column(precision = 19, scale = 2)
    private BigDecimal totalDollarAmount;

    private int fiscalPeriodId;

    protected AggregateRow() {}

    AggregateRow(String model, String trim, int fiscalPeriodId, BigDecimal amount) {
        this.version = 1;
        this.model = model;
        this.trim = trim;
        this.fiscalPeriodId = fiscalPeriodId;
        this.totalDollarAmount = amount;
    }

    /** What DECIMAL(19,2) holds: past it, MariaDB's strict mode would refuse the UPDATE (1264). */
    static final BigDecimal MAX_TOTAL = new BigDecimal("99999999999999999.99");

    /**
     * Under the row lock: dirty checking writes the new total and version at flush. False, and nothing changed,
     * when the total would pass {@link #MAX_TOTAL}.
     */
    boolean add(BigDecimal amount) {
        BigDecimal total = totalDollarAmount.add(amount);
        if (total.compareTo(MAX_TOTAL) > 0) return false;
        totalDollarAmount = total;
        version++;
        return true;
    }

    String model() {
        return model;
    }

    String trim() {
        return trim;
    }

    int fiscalPeriodId() {
        return fiscalPeriodId;
    }

    BigDecimal totalDollarAmount() {
        return totalDollarAmount;
    }

    int version() {
        return version;
    }
}
