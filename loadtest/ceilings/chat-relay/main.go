// Command chat-relay is the chat reference relay, the chat workload's ceiling: the chat protocol of spec/API.md §7
// and nothing else, so that a stack's chat row can be read beside what a relay on the same CPUs, driven by the same
// client and scenario, delivers and how late. It leaves out what a stack carries besides relaying: the other routes
// (only /chat and /health answer), a framework's routing, codecs and schedulers. A frame is read once, checked once
// (its UTF-8, then one JSON decode) and its received bytes handed, unchanged, to each member's writer, which writes
// everything queued for its member in one flush per wake-up, as the stacks that cork or consolidate flushes do. A
// stack may still beat it where its runtime schedules better on these CPUs; a ratio below 1 then says so.
//
// Usage: chat-relay [-listen 127.0.0.1:8090]
package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/gorilla/websocket"
)

const (
	maxPayload   = 65536   // §7.4: a larger message → 1009
	maxBacklog   = 1 << 20 // §7.5: bytes accepted for a member and not yet written to its socket
	maxNameRunes = 64
	closeTimeout = 30 * time.Second // §7.5: a member closed for its backlog keeps its socket this long
	replyTimeout = 2 * time.Second  // §1.5 and §7.4: how long the peer has to answer a close frame
	takenName    = `{"type":"system","message":"A user with that name already exists"}`
	tryLater     = 1013

	opText  = 1
	opClose = 8
	opPong  = 10
)

// frame is one WebSocket frame the member's writer is to send.
type frame struct {
	op      byte
	payload []byte
}

type member struct {
	conn   *websocket.Conn // read by the reader only; every write goes through the writer, on conn's net.Conn
	socket net.Conn
	name   string
	room   string

	mu       sync.Mutex
	queue    []frame
	backlog  int          // payload bytes queued and not yet taken by the writer
	writing  time.Time    // when the writer's write to the socket began (zero between writes)
	closing  *closeReason // set once: what to send last
	wake     chan struct{}
	done     chan struct{} // closed when the reader has ended: the peer's close, the timeout or a broken socket
	finished chan struct{} // closed when the writer has closed the socket
}

type closeReason struct {
	code   int
	system string // a system frame sent before the close frame, when not empty
}

type relay struct {
	mu    sync.Mutex
	all   map[*member]struct{} // every open connection, registered or not (closed with 1001 on SIGTERM)
	names map[string]*member
	rooms map[string]map[*member]struct{}
}

func systemFrame(reason string) string {
	b, _ := json.Marshal(map[string]string{"type": "system", "message": reason})
	return string(b)
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (r *relay) serveChat(w http.ResponseWriter, req *http.Request) {
	if req.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		writeError(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	if !websocket.IsWebSocketUpgrade(req) {
		writeError(w, http.StatusUpgradeRequired, "a WebSocket upgrade is required")
		return
	}
	// gorilla writes the 101 itself, without the Date every answer carries (spec/API.md §1.3).
	conn, err := upgrader.Upgrade(w, req, http.Header{"Date": {time.Now().UTC().Format(http.TimeFormat)}})
	if err != nil {
		return
	}
	m := &member{conn: conn, socket: conn.UnderlyingConn(), wake: make(chan struct{}, 1), done: make(chan struct{}),
		finished: make(chan struct{})}
	// Control frames the peer sends are answered through the writer too, in order with the rest.
	conn.SetPingHandler(func(data string) error { m.send(frame{op: opPong, payload: []byte(data)}); return nil })
	conn.SetCloseHandler(func(code int, _ string) error {
		if code == websocket.CloseNoStatusReceived {
			code = websocket.CloseNormalClosure
		}
		m.close(closeReason{code: code})
		return nil
	})
	r.mu.Lock()
	r.all[m] = struct{}{}
	r.mu.Unlock()
	go m.write()
	r.read(m)
}

func writeError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]string{"error": message})
	w.Write(b)
}

// read deals with a connection's messages one at a time; the first violation ends it (§7.4). After the relay's close
// frame it keeps reading, and discards what arrives, until the peer's close frame or the close timeout.
func (r *relay) read(m *member) {
	defer func() {
		r.leave(m)
		close(m.done)
	}()
	for {
		kind, reader, err := m.conn.NextReader()
		if err != nil {
			return
		}
		if m.isClosing() {
			if _, err := io.Copy(io.Discard, reader); err != nil {
				return
			}
			continue
		}
		// The limit is the relay's own, not gorilla's (which would write its own close frame past the writer).
		data, err := io.ReadAll(io.LimitReader(reader, maxPayload+1))
		if err != nil {
			return
		}
		switch {
		case len(data) > maxPayload:
			m.close(closeReason{code: websocket.CloseMessageTooBig})
			if _, err := io.Copy(io.Discard, reader); err != nil {
				return
			}
		case kind == websocket.BinaryMessage:
			m.close(closeReason{code: websocket.CloseUnsupportedData})
		case !utf8.Valid(data):
			m.close(closeReason{code: websocket.CloseInvalidFramePayloadData})
		default:
			if problem := r.handle(m, data); problem != "" {
				system := systemFrame(problem)
				if problem == takenName {
					system = takenName
				}
				m.close(closeReason{code: websocket.ClosePolicyViolation, system: system})
			}
		}
	}
}

// handle registers or relays one text message; it returns a violation's reason, or "".
func (r *relay) handle(m *member, data []byte) string {
	var object map[string]json.RawMessage
	if err := json.Unmarshal(data, &object); err != nil || object == nil {
		return "a frame must be a JSON object"
	}
	str := func(key string) (string, bool) {
		raw, ok := object[key]
		if !ok {
			return "", false
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return s, true
	}
	_, hasMessage := object["message"]
	if m.name == "" {
		if hasMessage {
			return "a message before registering"
		}
		name, okName := str("name")
		room, okRoom := str("chat")
		if !okName || !okRoom || name == "" || room == "" || utf8.RuneCountInString(name) > maxNameRunes ||
			utf8.RuneCountInString(room) > maxNameRunes {
			return "registration needs a name and a chat of 1 to 64 characters"
		}
		if !r.join(m, name, room) {
			return takenName
		}
		return ""
	}
	if !hasMessage {
		return "already registered"
	}
	name, _ := str("name")
	room, _ := str("chat")
	if _, ok := str("message"); !ok || name != m.name || room != m.room {
		return "name and chat must be the registered ones, and message a string"
	}
	r.broadcast(m.room, data)
	return ""
}

func (r *relay) join(m *member, name, room string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, taken := r.names[name]; taken {
		return false
	}
	m.name, m.room = name, room
	r.names[name] = m
	if r.rooms[room] == nil {
		r.rooms[room] = map[*member]struct{}{}
	}
	r.rooms[room][m] = struct{}{}
	return true
}

// remove takes a member out of its room and frees its name (§7.6); r.mu is held.
func (r *relay) remove(m *member) {
	if m.name == "" || r.names[m.name] != m {
		return
	}
	delete(r.names, m.name)
	delete(r.rooms[m.room], m)
	if len(r.rooms[m.room]) == 0 {
		delete(r.rooms, m.room)
	}
}

func (r *relay) leave(m *member) {
	r.mu.Lock()
	delete(r.all, m)
	r.remove(m)
	r.mu.Unlock()
}

// broadcast hands the received bytes, unchanged, to every member of the room, the sender included (§7.3), under the
// relay's lock, so that one sender's messages reach every member in the order they were read. A member whose socket
// has stopped taking data while its backlog passed the bound is removed and closed with 1013 (§7.5).
func (r *relay) broadcast(room string, data []byte) {
	r.mu.Lock()
	var over []*member
	for to := range r.rooms[room] {
		if !to.send(frame{op: opText, payload: data}) {
			over = append(over, to)
		}
	}
	for _, to := range over {
		r.remove(to)
	}
	r.mu.Unlock()
	for _, to := range over {
		to.close(closeReason{code: tryLater})
	}
}

func (m *member) isClosing() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.closing != nil
}

// send queues a frame for the writer; false when the member is past its bound: over 1 MiB queued behind a write to
// its socket that has not returned (a writer only behind for want of CPU is not in a write, and is never cut).
func (m *member) send(f frame) bool {
	m.mu.Lock()
	if m.closing != nil {
		m.mu.Unlock()
		return true
	}
	// Bytes pile up behind a write that has not returned: the peer's socket is not taking data.
	if f.op == opText && !m.writing.IsZero() && m.backlog+len(f.payload) > maxBacklog {
		m.mu.Unlock()
		return false
	}
	m.queue = append(m.queue, f)
	m.backlog += len(f.payload)
	m.mu.Unlock()
	m.signal()
	return true
}

func (m *member) signal() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// close sets what the writer sends last, once: a system frame (when given) and the close frame, after what is
// queued, or instead of it for a member closed for its backlog. A socket that takes nothing is dropped closeTimeout
// after, whatever the writer is doing.
func (m *member) close(reason closeReason) {
	m.mu.Lock()
	if m.closing != nil {
		m.mu.Unlock()
		return
	}
	m.closing = &reason
	if reason.code == tryLater {
		m.queue, m.backlog = nil, 0
	}
	m.mu.Unlock()
	m.socket.SetWriteDeadline(time.Now().Add(closeTimeout))
	m.signal()
}

// write is the member's only writer: everything queued in one flush per wake-up, then, once closing, the close frame;
// the socket is closed when the peer has answered it (the reader has ended) or the timeout has run out.
func (m *member) write() {
	defer close(m.finished)
	defer m.socket.Close()
	out := bufio.NewWriterSize(m.socket, 64<<10)
	for {
		select {
		case <-m.wake:
		case <-m.done:
		}
		m.mu.Lock()
		batch, closing := m.queue, m.closing
		m.queue = nil
		m.backlog -= payloadBytes(batch)
		m.writing = time.Now()
		m.mu.Unlock()
		for _, f := range batch {
			writeFrame(out, f)
		}
		if closing != nil {
			if closing.system != "" {
				writeFrame(out, frame{op: opText, payload: []byte(closing.system)})
			}
			payload := make([]byte, 2)
			binary.BigEndian.PutUint16(payload, uint16(closing.code))
			writeFrame(out, frame{op: opClose, payload: payload})
		}
		err := out.Flush()
		m.mu.Lock()
		m.writing = time.Time{}
		m.mu.Unlock()
		if err != nil || closing != nil {
			if err == nil {
				// The peer answers the close frame, or the reader gives up after replyTimeout (§7.4, §1.5).
				wait := replyTimeout
				if closing.code == tryLater {
					wait = closeTimeout
				}
				m.socket.SetReadDeadline(time.Now().Add(wait))
				<-m.done
			}
			return
		}
		select {
		case <-m.done:
			// The reader ended without a close of ours: a broken socket (a peer's close frame sets closing first).
			if !m.isClosing() {
				return
			}
			m.signal()
		default:
		}
	}
}

func payloadBytes(batch []frame) int {
	n := 0
	for _, f := range batch {
		n += len(f.payload)
	}
	return n
}

// writeFrame writes one unmasked, unfragmented server frame (RFC 6455 §5.2).
func writeFrame(out *bufio.Writer, f frame) {
	out.WriteByte(0x80 | f.op)
	switch n := len(f.payload); {
	case n < 126:
		out.WriteByte(byte(n))
	case n <= 0xffff:
		out.WriteByte(126)
		var size [2]byte
		binary.BigEndian.PutUint16(size[:], uint16(n))
		out.Write(size[:])
	default:
		out.WriteByte(127)
		var size [8]byte
		binary.BigEndian.PutUint64(size[:], uint64(n))
		out.Write(size[:])
	}
	out.Write(f.payload)
}

func main() {
	listen := flag.String("listen", "127.0.0.1:8090", "address to listen on")
	flag.Parse()
	r := &relay{all: map[*member]struct{}{}, names: map[string]*member{}, rooms: map[string]map[*member]struct{}{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/chat", r.serveChat)
	mux.HandleFunc("/health", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"status":"UP"}`))
	})
	server := &http.Server{Addr: *listen, Handler: mux}
	stopped := make(chan struct{})
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-stop
		// Shutdown does not close hijacked connections: every chat socket gets 1001 (§1.5), and the answers to it
		// are waited for, at most replyTimeout.
		server.Shutdown(context.Background())
		r.mu.Lock()
		all := make([]*member, 0, len(r.all))
		for m := range r.all {
			all = append(all, m)
		}
		r.mu.Unlock()
		for _, m := range all {
			m.close(closeReason{code: websocket.CloseGoingAway})
		}
		deadline := time.After(replyTimeout + time.Second)
		for _, m := range all {
			select {
			case <-m.finished:
			case <-deadline:
			}
		}
		close(stopped)
	}()
	if err := server.ListenAndServe(); err != http.ErrServerClosed {
		log.Fatal(err)
	}
	<-stopped
}
