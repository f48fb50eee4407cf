package bench.mvc.bookings;

import org.springframework.data.jpa.repository.JpaRepository;

interface Bookings extends JpaRepository<BookingRow, Integer> {}
