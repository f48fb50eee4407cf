// Command bookings-ceiling measures the most bookings per second that MariaDB allows on its CPUs: the bookings
// transaction of spec/API.md §6.4 (the same statements in the same order, at the default REPEATABLE READ), over
// the same corpus, with as many connections as a stack's pool (DB_POOL_SIZE, 32) and the retry rule of §6.5, sent
// straight to the database by one goroutine per connection, with server-side prepared statements.
//
// It leaves out everything a stack does besides the transaction: HTTP, decoding the body, validation, and the
// allocation arithmetic of §6.3, which loadtest/generators/corpus.mjs precomputed into bookings.tsv. The database's work
// is identical to a stack's, and everything skipped is work a stack must do in addition, on CPUs of its own or
// the database's: no stack can commit more bookings per second than this, which makes it the ceiling each
// stack's bookings rate is read against.
//
// Usage:
//
//	bookings-ceiling -dsn 'user:pass@tcp(host:port)/db' -corpus bookings.tsv [-connections 32] [-warmup 10]
//	  [-seconds 30] [-seed 1]
//
// It prints "measuring" on its own line when the warm-up ends, and one JSON line once the measured window has
// ended and the transactions in flight have finished (SIGINT or SIGTERM end the run early, JSON still printed):
//
//	{"committed":…,"committedTotal":…,"failed":…,"retries":{"1213":…,"1205":…,"1062":…},"otherErrors":…,"seconds":…,"connections":…}
//
// committed counts the commits inside the measured window, and seconds is its real length; every other count
// covers the whole run, warm-up included (committedTotal is what the bookings table must then hold).
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/go-sql-driver/mysql"
)

type config struct {
	dsn         string
	corpus      string
	connections int
	warmup      time.Duration
	measure     time.Duration
	seed        int64
}

type report struct {
	Committed      int64   `json:"committed"`
	CommittedTotal int64   `json:"committedTotal"`
	Failed         int64   `json:"failed"`
	Retries        retries `json:"retries"`
	OtherErrors    int64   `json:"otherErrors"`
	Seconds        float64 `json:"seconds"`
	Connections    int     `json:"connections"`
}

// retries counts, per MariaDB error, the attempts that were rolled back and run again (§6.5).
type retries struct {
	Deadlock     int64 `json:"1213"`
	LockWait     int64 `json:"1205"`
	DuplicateKey int64 `json:"1062"`
}

func main() {
	var cfg config
	var warmup, seconds float64
	flag.StringVar(&cfg.dsn, "dsn", "", "the database, as user:pass@tcp(host:port)/db")
	flag.StringVar(&cfg.corpus, "corpus", "", "bookings.tsv, as loadtest/generators/corpus.mjs writes it")
	flag.IntVar(&cfg.connections, "connections", 32, "connections, one goroutine each (a stack's DB_POOL_SIZE)")
	flag.Float64Var(&warmup, "warmup", 10, "seconds of warm-up before the measured window")
	flag.Float64Var(&seconds, "seconds", 30, "seconds of the measured window")
	flag.Int64Var(&cfg.seed, "seed", 1, "seed of the retries' random waits")
	flag.Parse()
	cfg.warmup = time.Duration(warmup * float64(time.Second))
	cfg.measure = time.Duration(seconds * float64(time.Second))
	if cfg.dsn == "" || cfg.corpus == "" || cfg.connections < 1 || warmup < 0 || seconds <= 0 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "bookings-ceiling: -dsn and -corpus are required, -connections ≥ 1, -warmup ≥ 0 and -seconds > 0")
		flag.Usage()
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "bookings-ceiling: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg config, out io.Writer) error {
	bookings, err := loadCorpus(cfg.corpus)
	if err != nil {
		return err
	}
	db, err := open(ctx, cfg.dsn, cfg.connections)
	if err != nil {
		return err
	}
	defer db.Close()

	// The workers' statements run under a context of their own, not ctx: a signal ends the run, but the
	// transactions in flight finish (the runner's stop channel keeps new ones from starting).
	r := &runner{db: db, bookings: bookings, stop: make(chan struct{})}
	tallies := make([]tally, cfg.connections)
	var wg sync.WaitGroup
	for i := range tallies {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			tallies[i] = r.work(context.Background(), cfg.seed+int64(i))
		}(i)
	}

	var measured time.Duration
	if sleep(ctx, cfg.warmup) {
		began := time.Now()
		r.measuring.Store(true)
		fmt.Fprintln(out, "measuring")
		sleep(ctx, cfg.measure)
		r.measuring.Store(false)
		measured = time.Since(began)
	}
	close(r.stop)
	wg.Wait()

	rep := report{Seconds: math.Round(measured.Seconds()*1000) / 1000, Connections: cfg.connections}
	var lastErr error
	for _, t := range tallies {
		rep.Committed += t.committed
		rep.CommittedTotal += t.committedTotal
		rep.Failed += t.failed
		rep.Retries.Deadlock += t.retries.Deadlock
		rep.Retries.LockWait += t.retries.LockWait
		rep.Retries.DuplicateKey += t.retries.DuplicateKey
		rep.OtherErrors += t.otherErrors
		if t.lastErr != nil {
			lastErr = t.lastErr
		}
	}
	if err := json.NewEncoder(out).Encode(rep); err != nil {
		return err
	}
	if rep.CommittedTotal == 0 && lastErr != nil {
		return fmt.Errorf("no booking committed; the last error: %w", lastErr)
	}
	return nil
}

// open returns a pool of exactly n connections with server-side prepared statements, once the database answers.
func open(ctx context.Context, dsn string, n int) (*sql.DB, error) {
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return nil, fmt.Errorf("-dsn: %w", err)
	}
	cfg.InterpolateParams = false // the binary protocol, as a stack's driver uses it
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, fmt.Errorf("-dsn: %w", err)
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	ping, cancel := context.WithTimeout(ctx, 2*cfg.Timeout)
	defer cancel()
	if err := db.PingContext(ping); err != nil {
		db.Close()
		if errors.Is(err, context.Canceled) {
			err = errors.New("stopped before the database answered")
		}
		return nil, fmt.Errorf("cannot use the database %s at %s: %w", cfg.DBName, cfg.Addr, err)
	}
	return db, nil
}

// sleep waits d, or less when ctx ends first; it reports whether the whole of d went by.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
