package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// A booking of the corpus, ready to send: the bookings row's values in the INSERT's column order and the
// allocations of spec/API.md §6.3 in ascending period order (the lock order), as loadtest/generators/corpus.mjs worked them out.
type booking struct {
	row         []any
	model, trim string
	allocations []allocation
}

type allocation struct {
	period int64
	amount string // a decimal with two places, sent as a string so that it never passes through a float
}

// The columns of a line of bookings.tsv, before its allocations.
const (
	colID = iota
	colValue
	colStart
	colEnd
	colOrigin
	colParent
	colModel
	colTrim
	colStage
	colType
	colAllocations
	columns
)

// loadCorpus reads bookings.tsv (loadtest/generators/corpus.mjs): one booking a line, in corpus order.
func loadCorpus(path string) ([]booking, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var bookings []booking
	lines := bufio.NewScanner(f)
	lines.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for n := 1; lines.Scan(); n++ {
		b, err := parseBooking(lines.Text())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		bookings = append(bookings, b)
	}
	if err := lines.Err(); err != nil {
		return nil, err
	}
	if len(bookings) == 0 {
		return nil, fmt.Errorf("%s holds no booking", path)
	}
	return bookings, nil
}

func parseBooking(line string) (booking, error) {
	f := strings.Split(line, "\t")
	if len(f) != columns {
		return booking{}, fmt.Errorf("%d tab-separated fields, expected %d", len(f), columns)
	}
	millis, err := strconv.ParseInt(f[colOrigin], 10, 64)
	if err != nil {
		return booking{}, fmt.Errorf("origin_ts: %w", err)
	}
	// §6.4: the UTC date-time of the epoch millis, whatever the session time zone.
	origin := time.UnixMilli(millis).UTC().Format("2006-01-02 15:04:05.000")
	row := []any{f[colID], f[colValue], f[colStart], f[colEnd], origin,
		nullable(f[colParent]), f[colModel], f[colTrim], nullable(f[colStage]), nullable(f[colType])}
	var allocations []allocation
	for _, pair := range strings.Split(f[colAllocations], ",") {
		period, amount, ok := strings.Cut(pair, ":")
		id, err := strconv.ParseInt(period, 10, 64)
		if !ok || err != nil || amount == "" {
			return booking{}, fmt.Errorf("allocation %q is not period:amount", pair)
		}
		allocations = append(allocations, allocation{period: id, amount: amount})
	}
	return booking{row: row, model: f[colModel], trim: f[colTrim], allocations: allocations}, nil
}

// nullable maps the TSV's \N (an absent optional field) to SQL NULL.
func nullable(field string) any {
	if field == `\N` {
		return nil
	}
	return field
}
