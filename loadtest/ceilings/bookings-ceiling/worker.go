package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"math/rand"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"
)

const (
	maxAttempts = 5                      // §6.5: the first attempt and up to four retries
	errorPause  = 100 * time.Millisecond // after an error that is not retried, before the next booking
)

// runner hands the corpus out to the workers, cycling through it as the HTTP generators do.
type runner struct {
	db        *sql.DB
	bookings  []booking
	next      atomic.Uint64
	measuring atomic.Bool
	stop      chan struct{} // closed: start no more bookings
}

// tally is one worker's counts, added up once every worker is done.
type tally struct {
	committed, committedTotal, failed, otherErrors int64
	retries                                        retries
	lastErr                                        error
}

// A session is one connection of the pool, held by one worker, with the statements prepared on it once.
type session struct {
	conn                                                    *sql.Conn
	insertBooking, selectAggregate, update, insertAggregate *sql.Stmt
}

// The statements of §6.4, word for word.
const (
	insertBookingSQL = "INSERT INTO bookings (booking_id, dollar_value, start_date, end_date, origin_ts, parent_id, model, trim, stage, type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	selectSQL        = "SELECT row_id FROM aggregates WHERE model = ? AND trim = ? AND fiscal_period_id = ? FOR UPDATE"
	updateSQL        = "UPDATE aggregates SET total_dollar_amount = total_dollar_amount + ?, version = version + 1 WHERE row_id = ?"
	insertAggSQL     = "INSERT INTO aggregates (version, model, trim, total_dollar_amount, fiscal_period_id) VALUES (1, ?, ?, ?, ?)"
)

// work books one booking after another on a session of its own until the runner stops. An error that is not
// retried (the connection lost, say) costs the session: it is dropped and a new one opened after a pause. ctx is
// that of every statement: the runner's stop only keeps new bookings from starting.
func (r *runner) work(ctx context.Context, seed int64) tally {
	var t tally
	rng := rand.New(rand.NewSource(seed))
	var s *session
	defer func() { s.close() }()
	for !r.stopped() {
		var err error
		if s == nil {
			s, err = r.openSession(ctx)
		}
		if err == nil {
			err = r.book(ctx, s, &r.bookings[(r.next.Add(1)-1)%uint64(len(r.bookings))], rng, &t)
		}
		if err != nil {
			t.otherErrors++
			t.lastErr = err
			s.discard()
			s = nil
			r.pause(errorPause)
		}
	}
	return t
}

// book runs one booking's transaction, again after a deadlock, a lock wait timeout or a duplicate key (two first
// sales of a product racing to insert its aggregate), up to maxAttempts attempts in all (§6.5).
func (r *runner) book(ctx context.Context, s *session, b *booking, rng *rand.Rand, t *tally) error {
	for attempt := 1; ; attempt++ {
		err := s.transaction(ctx, b)
		if err == nil {
			t.committedTotal++
			if r.measuring.Load() {
				t.committed++
			}
			return nil
		}
		var me *mysql.MySQLError
		if !errors.As(err, &me) || (me.Number != 1213 && me.Number != 1205 && me.Number != 1062) {
			return err
		}
		if _, err := s.conn.ExecContext(ctx, "ROLLBACK"); err != nil {
			return err
		}
		if attempt == maxAttempts {
			t.failed++
			return nil
		}
		switch me.Number {
		case 1213:
			t.retries.Deadlock++
		case 1205:
			t.retries.LockWait++
		case 1062:
			t.retries.DuplicateKey++
		}
		// A random 5–50 ms times the attempts made, not cut short by a stop: the booking is still in flight.
		time.Sleep(time.Duration(attempt) * (5*time.Millisecond + time.Duration(rng.Int63n(int64(45*time.Millisecond)+1))))
	}
}

// transaction runs §6.4 once: the booking's row, then each period's aggregate locked and added to (or created),
// in ascending period order, then COMMIT. On an error the transaction is left for the caller to roll back.
func (s *session) transaction(ctx context.Context, b *booking) error {
	if _, err := s.conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	if _, err := s.insertBooking.ExecContext(ctx, b.row...); err != nil {
		return err
	}
	for _, a := range b.allocations {
		var rowID int64
		err := s.selectAggregate.QueryRowContext(ctx, b.model, b.trim, a.period).Scan(&rowID)
		switch {
		case err == nil:
			_, err = s.update.ExecContext(ctx, a.amount, rowID)
		case errors.Is(err, sql.ErrNoRows):
			_, err = s.insertAggregate.ExecContext(ctx, b.model, b.trim, a.amount, a.period)
		}
		if err != nil {
			return err
		}
	}
	_, err := s.conn.ExecContext(ctx, "COMMIT")
	return err
}

func (r *runner) openSession(ctx context.Context) (*session, error) {
	conn, err := r.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	s := &session{conn: conn}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{{&s.insertBooking, insertBookingSQL}, {&s.selectAggregate, selectSQL}, {&s.update, updateSQL}, {&s.insertAggregate, insertAggSQL}} {
		if *p.stmt, err = conn.PrepareContext(ctx, p.sql); err != nil {
			s.discard()
			return nil, err
		}
	}
	return s, nil
}

func (s *session) statements() []*sql.Stmt {
	return []*sql.Stmt{s.insertBooking, s.selectAggregate, s.update, s.insertAggregate}
}

// close hands the connection back to the pool, its statements closed.
func (s *session) close() {
	if s == nil {
		return
	}
	for _, stmt := range s.statements() {
		if stmt != nil {
			stmt.Close()
		}
	}
	s.conn.Close()
}

// discard closes the connection for good: after an unexpected error it may be broken or inside a transaction.
func (s *session) discard() {
	if s == nil {
		return
	}
	s.conn.Raw(func(interface{}) error { return driver.ErrBadConn })
	s.close()
}

func (r *runner) stopped() bool {
	select {
	case <-r.stop:
		return true
	default:
		return false
	}
}

// pause waits d, or less once the runner stops.
func (r *runner) pause(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.stop:
	}
}
