package train

import (
	"bufio"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/internal/progress"
)

// Set is the loaded training data: the positions, dealt game by game into
// a training and a validation part.
type Set struct {
	Data       *Data
	Train      []uint32 // positions, in file order
	Validation []uint32
	// Samples are up to maxSamples validation positions, chosen at
	// random from a fixed seed, kept whole for the check of the
	// quantised net against the float one (quantise.go).
	Samples []Sample
	Files   []FileSummary
}

// Sample is a validation position kept whole.
type Sample struct {
	Index int // in Data
	Pos   game.Position
}

// FileSummary is what one file gave.
type FileSummary struct {
	Path             string
	Games, Positions int
	// Digest is the SHA-256 of the file's bytes through its last complete
	// game: what the training used of it.
	Digest [sha256.Size]byte
	// Dropped is the number of positions of a game left out because its
	// trailer never came (a file still being written, or cut short), and
	// Note says where.
	Dropped int
	Note    string
}

// maxSamples is how many validation positions Samples keeps; maxGame
// bounds a game's positions, far beyond any game's (R16 ends a game
// without captures long before), so that a file without trailers is
// refused before its positions fill the memory.
const (
	maxSamples = 1000
	maxGame    = 20000
)

// Load reads datagen files. Each data line is read by datagen.ParseLine,
// and a malformed one stops the load with "file:line: reason". A game is
// the data lines before its trailer line ("# game <index> <result>
// <plies> <kept>"), which must count them and agree with their result;
// a game goes whole to the validation part with probability validation,
// decided by a hash of the file's settings line ("# seed=…", else the
// file's name) and the game's index, so the split does not depend on the
// order of files or games, or on other settings. Positions after the
// last trailer (a game still being written or cut off, or an
// unterminated last line) are left out and noted in the file's summary,
// as datagen does when it resumes. Progress, in bytes, goes to status on
// a terminal.
func Load(ctx context.Context, paths []string, validation float64, status io.Writer) (*Set, error) {
	bar, err := progress.ForFiles(status, "loading", paths)
	if err != nil {
		return nil, err
	}
	defer bar.Done()
	l := &loader{ctx: ctx, set: &Set{Data: &Data{}}, fraction: validation, bar: bar,
		sampler: rand.New(rand.NewPCG(0x5a3b1e, 0))}
	for _, path := range paths {
		if err := l.file(path); err != nil {
			return nil, err
		}
	}
	return l.set, nil
}

type loader struct {
	ctx      context.Context
	set      *Set
	fraction float64
	bar      *progress.Bar
	sampler  *rand.Rand // picks Samples
}

// fileReader is the state of reading one file.
type fileReader struct {
	variant game.Variant // the board of the file's positions (its settings line; Camelot without one)
	path    string
	sum     FileSummary
	key     string           // the game's split key: the settings line, else the file's name
	pending []datagen.Record // the data lines since the last trailer
	first   int              // the line of pending[0]
	unread  []byte           // the bytes since the last trailer, not yet in digest
	digest  hash.Hash
}

func (l *loader) file(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fr := &fileReader{path: path, key: filepath.Base(path), digest: sha256.New()}
	fr.sum.Path = path
	r := bufio.NewReaderSize(f, 1<<20)
	for n := 1; ; n++ {
		raw, err := r.ReadSlice('\n')
		l.bar.Add(int64(len(raw)))
		if err == io.EOF {
			if len(raw) > 0 && len(fr.pending) == 0 {
				fr.first = n
			}
			fr.drop(len(raw) > 0, "at the end of the file (still being written?)")
			break
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			return fmt.Errorf("%s:%d: line longer than %d bytes", path, n, r.Size())
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if n%4096 == 0 {
			if err := l.ctx.Err(); err != nil {
				return err
			}
		}
		fr.unread = append(fr.unread, raw...)
		if err := l.line(fr, n, strings.TrimSpace(string(raw))); err != nil {
			return fmt.Errorf("%s:%d: %v", path, n, err)
		}
	}
	copy(fr.sum.Digest[:], fr.digest.Sum(nil))
	l.set.Files = append(l.set.Files, fr.sum)
	return nil
}

// line takes line n of a file.
func (l *loader) line(fr *fileReader, n int, line string) error {
	switch {
	case line == "":
	case strings.HasPrefix(line, "# game "):
		return l.game(fr, line)
	case strings.HasPrefix(line, "#"):
		if v, ok := strings.CutPrefix(line, "# camelot-datagen "); ok {
			if strings.TrimSpace(v) != strconv.Itoa(datagen.Version) {
				return fmt.Errorf("data format version %q, this build reads version %d", strings.TrimSpace(v), datagen.Version)
			}
			// Another file's header: concatenated files, the game before
			// it cut off.
			fr.drop(false, "before another file's header")
		}
		if strings.HasPrefix(line, "# seed=") {
			fr.key = line
			v, err := datagen.SettingsVariant(line)
			if err != nil {
				return err
			}
			fr.variant = v
		}
	default:
		rec, err := datagen.ParseVariantLine(line, fr.variant)
		if err != nil {
			return err
		}
		if len(fr.pending) == 0 {
			fr.first = n
		}
		if len(fr.pending) == maxGame {
			return fmt.Errorf("%d positions since line %d and no game trailer (# game …): not datagen's output?", maxGame, fr.first)
		}
		fr.pending = append(fr.pending, rec)
	}
	return nil
}

// game takes a game's trailer: the positions read since the previous one
// are that game's.
func (l *loader) game(fr *fileReader, line string) error {
	fields := strings.Fields(line)
	var index, kept int
	var err error
	if len(fields) == 6 {
		index, err = strconv.Atoi(fields[2])
		if err == nil {
			kept, err = strconv.Atoi(fields[5])
		}
	}
	if len(fields) != 6 || err != nil || index < 0 {
		return fmt.Errorf("game trailer %q: want # game <index> <result> <plies> <kept>", line)
	}
	if kept != len(fr.pending) {
		return fmt.Errorf("the trailer of game %d counts %d positions, %d precede it", index, kept, len(fr.pending))
	}
	for _, rec := range fr.pending {
		if res := strconv.FormatFloat(rec.Result, 'f', -1, 64); res != fields[3] {
			return fmt.Errorf("the trailer of game %d gives result %s, its positions %s", index, fields[3], res)
		}
	}
	set := l.set
	validation := inValidation(fr.key, index, l.fraction)
	for i := range fr.pending {
		rec := &fr.pending[i]
		idx := set.Data.Len()
		if err := set.Data.add(rec.Pos, rec.Score, rec.Result); err != nil {
			return err
		}
		if !validation {
			set.Train = append(set.Train, uint32(idx))
			continue
		}
		set.Validation = append(set.Validation, uint32(idx))
		// Reservoir sampling (Vitter's algorithm R), from a fixed seed:
		// the samples are a uniform choice over all validation
		// positions, the same for the same data.
		if n := len(set.Validation); n <= maxSamples {
			set.Samples = append(set.Samples, Sample{Index: idx, Pos: rec.Pos})
		} else if j := l.sampler.IntN(n); j < maxSamples {
			set.Samples[j] = Sample{Index: idx, Pos: rec.Pos}
		}
	}
	fr.sum.Games++
	fr.sum.Positions += len(fr.pending)
	fr.pending = fr.pending[:0]
	fr.digest.Write(fr.unread)
	fr.unread = fr.unread[:0]
	return nil
}

// drop leaves out the positions read since the last trailer: a game that
// was cut off where says. unterminated says an unfinished last line goes
// with them.
func (fr *fileReader) drop(unterminated bool, where string) {
	if len(fr.pending) == 0 && !unterminated {
		return
	}
	fr.sum.Dropped += len(fr.pending)
	what := fmt.Sprintf("a game without its trailer line (%s)", plural.Of(len(fr.pending), "position", "positions"))
	if len(fr.pending) == 0 {
		what = "an unterminated last line"
	}
	if fr.sum.Note == "" {
		fr.sum.Note = fmt.Sprintf("%s:%d: left out %s, cut off %s", fr.path, fr.first, what, where)
	}
	fr.pending = fr.pending[:0]
}

// inValidation decides whether game index of the file whose split key is
// key goes to the validation part: a hash of both, taken as a fraction
// of 2^64.
func inValidation(key string, index int, fraction float64) bool {
	h := fnv.New64a()
	h.Write([]byte(key))
	h.Write([]byte{0})
	h.Write(strconv.AppendInt(nil, int64(index), 10))
	x := h.Sum64()
	// splitmix64's finaliser, so that nearby indices scatter.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11)/(1<<53) < fraction
}
