package bench.mvc.bookings;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import bench.bookings.proto.Booking;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The web slice of POST /bookings: both body readers, 415, 400, 422, 201 and 503, the store mocked. */
@WebMvcTest(Bookings.class)
@Import(Retries.class)
class BookingsTest {

    private static final String JSON = """
      {"bookingId":"B-1","dollarValue":"100.00","startDate":"2023-06-01","endDate":"2023-07-31",\
      "originTs":"1700000000000","model":"Corolla","trim":"LE"}""";

    @Autowired
    MockMvc mvc;

    @MockitoBean
    BookingStore store;

    @Test
    void aJsonBookingIsBooked() throws Exception {
        given(store.book(any(), any())).willReturn(41);
        mvc.perform(post("/bookings").contentType(MediaType.APPLICATION_JSON).content(JSON))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.rowId").value(41))
                .andExpect(jsonPath("$.bookingId").value("B-1"))
                .andExpect(jsonPath("$.allocations[0].fiscalPeriodId").value(20231))
                .andExpect(jsonPath("$.allocations[1].amount").value("50.82"));
    }

    @Test
    void aProtobufBookingIsBooked() throws Exception {
        given(store.book(any(), any())).willReturn(42);
        Booking booking = Booking.newBuilder()
                .setBookingId("B-2")
                .setDollarValue("1.00")
                .setStartDate("2023-01-01")
                .setEndDate("2023-01-01")
                .setOriginTs(1_700_000_000_000L)
                .setModel("Corolla")
                .setTrim("LE")
                .build();
        mvc.perform(post("/bookings").contentType(Bookings.PROTOBUF).content(booking.toByteArray()))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.rowId").value(42));
    }

    @Test
    void refusalsInTheContractsOrder() throws Exception {
        mvc.perform(post("/bookings").contentType(MediaType.TEXT_PLAIN).content(JSON))
                .andExpect(status().isUnsupportedMediaType());
        mvc.perform(post("/bookings").contentType(MediaType.APPLICATION_JSON))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value("malformed request body"));
        mvc.perform(post("/bookings").contentType(MediaType.APPLICATION_JSON).content("{\"bookingId\":42}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value("malformed request body"));
        mvc.perform(post("/bookings").contentType(MediaType.APPLICATION_JSON).content(JSON.replace("B-1", "")))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.error").value("booking_id is required"));
    }

    @Test
    void anEmptyBodyIsCheckedForItsMediaTypeFirst() throws Exception {
        for (String type : new String[] {"text/json", "*/*", "application/*", "", "text/plain"}) {
            mvc.perform(post("/bookings").header("Content-Type", type))
                    .andExpect(status().isUnsupportedMediaType())
                    .andExpect(jsonPath("$.error").isString());
        }
        mvc.perform(post("/bookings")).andExpect(status().isUnsupportedMediaType());
        // An empty protobuf body is the empty message: every required field is missing.
        mvc.perform(post("/bookings").contentType(Bookings.PROTOBUF))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.error").value("booking_id is required"));
    }

    @Test
    void aBookingThatKeepsConflictingIs503() throws Exception {
        given(store.book(any(), any()))
                .willThrow(new CannotAcquireLockException(
                        "deadlock", new SQLTransactionRollbackException("Deadlock found", "40001", 1213)));
        mvc.perform(post("/bookings").contentType(MediaType.APPLICATION_JSON).content(JSON))
                .andExpect(status().isServiceUnavailable())
                .andExpect(header().string("Retry-After", "1"))
                .andExpect(jsonPath("$.error").value("the booking kept conflicting; try again"));
    }
}
