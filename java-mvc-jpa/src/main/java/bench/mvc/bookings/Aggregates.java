package bench.mvc.bookings;

import jakarta.persistence.LockModeType;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

interface Aggregates extends JpaRepository<Aggregate, Integer> {

  /** {@code SELECT … FOR UPDATE}: the row stays locked until the booking's transaction ends. */
  @Lock(LockModeType.PESSIMISTIC_WRITE)
  Optional<Aggregate> findByModelAndTrimAndFiscalPeriodId(String model, String trim, int fiscalPeriodId);

  /** An absent filter matches everything; a present one, even empty, compares exactly (binary collation). */
  @Query("""
      select a from Aggregate a
      where (:model is null or a.model = :model) and (:trim is null or a.trim = :trim)
      order by a.model, a.trim, a.fiscalPeriodId""")
  List<Aggregate> search(@Nullable String model, @Nullable String trim);
}
