package apbot

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/atomicfile"
)

// The state folder:
//
//	pending/TURN.json  a turn stored and not yet finished, one a file,
//	                   written atomically (temporary file, fsync, rename,
//	                   fsync of the folder) before its 202
//	done.log           one JSON line a finished turn (game, ply, seat,
//	                   how it ended, when), appended and synced before the
//	                   turn's pending file is removed
//
// TURN is a hash of the game id and the ply, so that no game id makes a
// path. done.log is rewritten without its old lines when the bot starts
// and as it grows: a finished turn is remembered for doneRetention, and
// each game's last one for seatRetention, which keeps the game's seat.
const (
	pendingDir     = "pending"
	doneLog        = "done.log"
	doneRetention  = 7 * 24 * time.Hour
	seatRetention  = 400 * 24 * time.Hour
	turnFormat     = 1
	maxStoredTurn  = 4 << 20
	compactMinimum = 10000
)

// turnKey identifies a turn: the game and the ply to play (the number of
// moves in the history).
type turnKey struct {
	game string
	ply  int
}

// fileName is the key's pending file name.
func (k turnKey) fileName() string {
	h := sha256.Sum256([]byte(k.game))
	return hex.EncodeToString(h[:12]) + "-" + strconv.Itoa(k.ply) + ".json"
}

// turn is a stored turn: the webhook's game, what the worker needs to
// answer it, and the moves AbstractPlay refused so far.
type turn struct {
	Format    int        `json:"format"`
	Seq       uint64     `json:"seq"` // arrival order
	GameID    string     `json:"gameid"`
	MetaGame  string     `json:"metaGame"`
	Variants  []string   `json:"variants"`
	ClockCurr float64    `json:"clockCurr"` // hours
	Moves     [][]string `json:"moves"`
	Ply       int        `json:"ply"`
	Seat      int        `json:"seat"`
	Received  time.Time  `json:"received"`
	Refused   []string   `json:"refused,omitempty"` // move texts refused, in order
	// Attempted is the move text of a request to botQuery that had no
	// clear answer (no answer at all, a gateway's 502, 503 or 504, or the
	// process ended during it): AbstractPlay may have played it. Stored
	// before each request, so that a restarted bot knows it too.
	Attempted string `json:"attempted,omitempty"`

	// Not stored; guarded by Bot.mu.
	game     *game.Game
	finished bool
	cancel   context.CancelFunc
}

func (t *turn) key() turnKey { return turnKey{t.GameID, t.Ply} }

// doneEntry is a line of done.log.
type doneEntry struct {
	Game string `json:"game"`
	Ply  int    `json:"ply"`
	Seat int    `json:"seat"`
	How  string `json:"how"`            // sent, stuck, refused, failed, superseded
	Time int64  `json:"time"`           // Unix seconds
	Sent string `json:"sent,omitempty"` // the move accepted
}

// store is the state folder.
type store struct {
	dir, pending string
	log          *slog.Logger

	mu        sync.Mutex // guards done and lines
	done      *os.File
	lines     int // lines in done.log
	compactAt int // lines at which done.log is rewritten
	entries   []doneEntry
}

// openStore opens (making it if need be) the state folder dir.
func openStore(dir string, log *slog.Logger) (*store, error) {
	s := &store{dir: dir, pending: filepath.Join(dir, pendingDir), log: log}
	if err := os.MkdirAll(s.pending, 0o700); err != nil {
		return nil, fmt.Errorf("apbot: state folder: %v", err)
	}
	return s, nil
}

// readDone reads done.log: its entries, oldest first. A line cut short
// by a crash is skipped.
func (s *store) readDone() ([]doneEntry, error) {
	data, err := os.ReadFile(filepath.Join(s.dir, doneLog))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("apbot: %v", err)
	}
	var es []doneEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e doneEntry
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Game != "" {
			es = append(es, e)
		}
	}
	return es, nil
}

// keepDone is the entries still remembered at now: every one of the last
// doneRetention, and each game's last of the last seatRetention.
func keepDone(es []doneEntry, now time.Time) []doneEntry {
	last := map[string]int{}
	for i, e := range es {
		if j, ok := last[e.Game]; !ok || e.Ply >= es[j].Ply {
			last[e.Game] = i
		}
	}
	var kept []doneEntry
	for i, e := range es {
		t := time.Unix(e.Time, 0)
		if now.Sub(t) < doneRetention || last[e.Game] == i && now.Sub(t) < seatRetention {
			kept = append(kept, e)
		}
	}
	return kept
}

// rewriteDone replaces done.log by es and opens it for appending.
func (s *store) rewriteDone(es []doneEntry) error {
	var b bytes.Buffer
	for _, e := range es {
		line, _ := json.Marshal(e)
		b.Write(line)
		b.WriteByte('\n')
	}
	path := filepath.Join(s.dir, doneLog)
	if err := atomicfile.Write(path, b.Bytes()); err != nil {
		return fmt.Errorf("apbot: %v", err)
	}
	if err := syncDir(s.dir); err != nil {
		return fmt.Errorf("apbot: %v", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("apbot: %v", err)
	}
	if s.done != nil {
		s.done.Close()
	}
	s.done, s.lines, s.entries = f, len(es), es
	s.compactAt = max(compactMinimum, 2*len(es))
	return nil
}

// appendDone records a finished turn durably.
func (s *store) appendDone(e doneEntry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lines >= s.compactAt {
		if err := s.rewriteDone(keepDone(s.entries, time.Now())); err != nil {
			s.log.Error("failure", "event", "failure", "what", "compacting done.log", "error", err.Error())
		}
	}
	if _, err := s.done.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("apbot: done.log: %v", err)
	}
	if err := s.done.Sync(); err != nil {
		return fmt.Errorf("apbot: done.log: %v", err)
	}
	s.lines++
	s.entries = append(s.entries, e)
	return nil
}

// writeTurn stores t durably.
func (s *store) writeTurn(t *turn) error {
	data, err := json.Marshal(t)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(s.pending, t.key().fileName()), data); err != nil {
		return err
	}
	return syncDir(s.pending)
}

// removeTurn removes t's pending file.
func (s *store) removeTurn(k turnKey) error {
	err := os.Remove(filepath.Join(s.pending, k.fileName()))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return syncDir(s.pending)
}

// readTurns reads the pending turns, in arrival order. Temporary files
// left by a crash are removed; a file that does not read is reported and
// left alone.
func (s *store) readTurns() ([]*turn, error) {
	ents, err := os.ReadDir(s.pending)
	if err != nil {
		return nil, fmt.Errorf("apbot: %v", err)
	}
	var ts []*turn
	for _, e := range ents {
		name := e.Name()
		path := filepath.Join(s.pending, name)
		switch {
		case strings.HasPrefix(name, "."):
			os.Remove(path) // a temporary file of atomicfile.Write
			continue
		case !strings.HasSuffix(name, ".json") || !e.Type().IsRegular():
			continue
		}
		data, err := os.ReadFile(path)
		if err == nil && len(data) > maxStoredTurn {
			err = errors.New("too large")
		}
		t := new(turn)
		if err == nil {
			err = json.Unmarshal(data, t)
		}
		if err == nil && (t.Format != turnFormat || t.GameID == "" || t.key().fileName() != name) {
			err = errors.New("not a turn of this bot")
		}
		if err != nil {
			s.log.Error("failure", "event", "failure", "what", "reading a stored turn", "file", name, "error", err.Error())
			continue
		}
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Seq < ts[j].Seq })
	return ts, nil
}

// syncDir makes the entries of folder dir durable.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil // a folder cannot be synced there; its renames are durable
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
