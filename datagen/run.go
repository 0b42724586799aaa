package datagen

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/internal/progress"
)

// Summary is what a run did.
type Summary struct {
	Games, Positions int           // written by this run
	Resumed          int           // games already in the file when it started
	Elapsed          time.Duration // time this run took
}

// Run plays the games of cfg that path does not hold yet and appends each
// as soon as it is finished, in one write of its records and its trailer
// line. A run that is killed and started again with the same settings
// resumes: the games whose trailer is in the file are kept, whatever
// follows the last trailer (a game cut off in the middle of its write) is
// cut away, and only the missing games are played. Every setting that
// decides the games, the number of games included, must be the same: a
// file of other settings is refused, never extended or mixed (more data
// comes from other seeds, in other files). Folders missing from path are
// made. Progress goes to status (a bar on a terminal).
func Run(ctx context.Context, cfg Config, path string, status io.Writer) (Summary, error) {
	if err := cfg.Check(); err != nil {
		return Summary{}, err
	}
	done, started, err := resume(path, cfg)
	if err != nil {
		return Summary{}, err
	}
	// Each task of a batch job may be the first to write to its folder.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return Summary{}, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	if !started {
		if _, err := fmt.Fprintf(f, "%s\n%s\n", Header, cfg.settings()); err != nil {
			return Summary{}, err
		}
	}
	sum := Summary{Resumed: len(done)}
	start := time.Now()
	bar := progress.New(status, "datagen", "games", int64(len(done)), int64(cfg.Games))
	defer bar.Done()

	todo := make(chan int)
	go func() {
		defer close(todo)
		for i := 0; i < cfg.Games; i++ {
			if done[i] {
				continue
			}
			select {
			case todo <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var mu sync.Mutex // guards f, sum and the first error
	var firstErr error
	var wg sync.WaitGroup
	for range cfg.Threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl := newPlayer(cfg)
			for i := range todo {
				g, ok := pl.play(ctx, i)
				if !ok {
					return
				}
				mu.Lock()
				if firstErr == nil {
					if _, err := f.Write(g.encode()); err != nil {
						firstErr = err
					}
				}
				sum.Games++
				sum.Positions += len(g.Records)
				el := time.Since(start).Seconds()
				bar.SetNote(fmt.Sprintf("%s, %.0f positions/s", plural.Of(sum.Positions, "position", "positions"), float64(sum.Positions)/max(el, 1e-3)))
				mu.Unlock()
				bar.Add(1)
			}
		}()
	}
	wg.Wait()
	sum.Elapsed = time.Since(start)
	if firstErr != nil {
		return sum, firstErr
	}
	if err := f.Sync(); err != nil {
		return sum, err
	}
	return sum, ctx.Err()
}

// encode writes a game as its data lines and its trailer.
func (g Game) encode() []byte {
	var b bytes.Buffer
	for _, r := range g.Records {
		b.WriteString(r.String())
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "# game %d %s %d %d\n", g.Index, formatResult(g.Result), g.Plies, len(g.Records))
	return b.Bytes()
}

// resume reads the games already in path (none if it does not exist),
// checks that they were made with cfg's settings, and cuts off whatever
// follows the last complete game. started reports whether the file keeps
// its header lines.
func resume(path string, cfg Config) (done map[int]bool, started bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	done = map[int]bool{}
	r := bufio.NewReader(f)
	var offset, keep int64 // bytes read, bytes up to the last complete game
	for n := 1; ; n++ {
		line, err := r.ReadString('\n')
		if err == io.EOF {
			break // an unterminated last line is part of an unfinished game
		}
		if err != nil {
			return nil, false, err
		}
		offset += int64(len(line))
		line = strings.TrimRight(line, "\n")
		switch {
		case n == 1 && line != Header:
			return nil, false, fmt.Errorf("%s:1: not a datagen file of version %d (want %q first)", path, Version, Header)
		case n == 2 && line != cfg.settings():
			if v, err := SettingsVariant(line); err == nil && v != cfg.Variant.WithRules(game.WCF) {
				return nil, false, fmt.Errorf("%s:2: a file of %s, this run plays %s (V7); resume with the same variant or write to another file", path, v.Title(), cfg.Variant.Title())
			}
			if r, err := SettingsRules(line); err == nil && r != cfg.Variant.Rules() {
				return nil, false, fmt.Errorf("%s:2: a file of games under %s rules, this run plays under %s (V14); resume with the same -rules or write to another file", path, r, cfg.Variant.Rules())
			}
			return nil, false, fmt.Errorf("%s:2: written with other settings (%s); resume with the same ones or write to another file", path, strings.TrimPrefix(line, "# "))
		case n == 2:
			keep = offset
		case strings.HasPrefix(line, "# game "):
			fields := strings.Fields(line)
			i, err := strconv.Atoi(fields[2])
			if err != nil || i < 0 || i >= cfg.Games {
				return nil, false, fmt.Errorf("%s:%d: bad game trailer %q", path, n, line)
			}
			done[i] = true
			keep = offset
		}
	}
	if keep == 0 { // not even the settings line: start afresh
		return nil, false, os.Truncate(path, 0)
	}
	return done, true, os.Truncate(path, keep)
}
