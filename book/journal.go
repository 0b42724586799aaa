package book

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// The journal is a build's state: a text file that grows by one line per
// root and per expansion, each written in one piece. A killed build leaves
// at worst a last line without its newline, which the next run cuts away;
// replaying the rest rebuilds the tree exactly.
//
//	camelot book journal 1
//	# nodes=100000 scout=3000 width=8 plycost=15 maxply=24 maxscore=300
//	r CFEN SCORE DEPTH                      a root and its own search score
//	x CFEN KEY:SCORE:DEPTH KEY:SCORE:DEPTH… an expansion: the position and
//	                                        the positions of its kept moves,
//	                                        each scored from its side to move
const journalHeader = "camelot book journal 1"

// rootLine is the journal line of a root.
func rootLine(p game.Position, score, depth int) string {
	return fmt.Sprintf("r %s %d %d\n", p.CFEN(), score, depth)
}

// expansionLine is the journal line of an expansion.
func (t *tree) expansionLine(x expansion) string {
	var b strings.Builder
	b.WriteString("x ")
	b.WriteString(t.nodes[x.parent].pos.CFEN())
	for _, sc := range x.kept {
		fmt.Fprintf(&b, " %016x:%d:%d", sc.child.Key(), sc.score, sc.depth)
	}
	b.WriteByte('\n')
	return b.String()
}

// openJournal replays the journal at path into a tree, or starts one. It
// returns the file open for appending.
func openJournal(path string, cfg BuildConfig) (*tree, *os.File, error) {
	t := newTree()
	t.variant = cfg.Variant
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return nil, nil, err
	}
	if len(data) == 0 {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return nil, nil, err
		}
		if _, err := fmt.Fprintf(f, "%s\n%s\n", journalHeader, cfg.settings()); err != nil {
			f.Close()
			return nil, nil, err
		}
		return t, f, nil
	}
	complete := len(data)
	if data[len(data)-1] != '\n' { // a line cut off by a kill
		complete = bytes.LastIndexByte(data, '\n') + 1
	}
	lines := strings.Split(string(data[:complete]), "\n")
	if len(lines) < 2 || lines[0] != journalHeader {
		return nil, nil, fmt.Errorf("%s:1: not a book journal (want %q)", path, journalHeader)
	}
	if lines[1] != cfg.settings() {
		return nil, nil, fmt.Errorf("%s:2: the journal was made with other settings (%q, now %q): use the same settings, or another -out",
			path, strings.TrimPrefix(lines[1], "# "), describe(cfg))
	}
	for i, line := range lines[2:] {
		if line == "" {
			continue
		}
		if err := t.replay(line); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", path, i+3, err)
		}
	}
	if err := os.Truncate(path, int64(complete)); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	return t, f, nil
}

// replay applies one journal line.
func (t *tree) replay(line string) error {
	f := strings.Fields(line)
	if len(f) < 6 {
		return fmt.Errorf("short line %q", line)
	}
	pos, err := boards.ParseCFEN(t.variant, strings.Join(f[1:6], " "))
	if err != nil {
		return err
	}
	switch f[0] {
	case "r":
		if len(f) != 8 {
			return fmt.Errorf("root line: want r CFEN SCORE DEPTH")
		}
		score, err1 := strconv.Atoi(f[6])
		depth, err2 := strconv.Atoi(f[7])
		if err1 != nil || err2 != nil {
			return fmt.Errorf("root line: bad score or depth")
		}
		i := t.add(pos, score, depth, 0)
		t.roots = append(t.roots, i)
		return nil
	case "x":
		parent, ok := t.index[pos.Key()]
		if !ok {
			return fmt.Errorf("expansion of a position the book does not hold: %s", pos.CFEN())
		}
		children := map[uint64]game.Position{}
		for _, m := range pos.Moves() {
			c := pos.Play(m)
			children[c.Key()] = c
		}
		x := expansion{parent: parent}
		for _, item := range f[6:] {
			parts := strings.Split(item, ":")
			if len(parts) != 3 {
				return fmt.Errorf("bad move entry %q (want KEY:SCORE:DEPTH)", item)
			}
			key, err := strconv.ParseUint(parts[0], 16, 64)
			if err != nil {
				return fmt.Errorf("bad key in %q", item)
			}
			score, err1 := strconv.Atoi(parts[1])
			depth, err2 := strconv.Atoi(parts[2])
			if err1 != nil || err2 != nil {
				return fmt.Errorf("bad score or depth in %q", item)
			}
			c, ok := children[key]
			if !ok {
				return fmt.Errorf("key %016x is not reached by a legal move", key)
			}
			x.kept = append(x.kept, scored{child: c, score: score, depth: depth})
		}
		t.apply(x)
		return nil
	}
	return fmt.Errorf("unknown line kind %q", f[0])
}
