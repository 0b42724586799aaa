package match

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/stats"
)

// A match can be split into shards, one per machine (a Slurm job array,
// docs/matches-cluster.md): `-shard K/N` plays only the game pairs whose
// index is K-1 modulo N, the very pairs (openings, colours, seeds) the
// same command line without -shard would play, and `-results FILE` keeps
// the shard's outcomes. `camelot match merge FILE…` adds the shards up
// into the summary one long run prints.

// shardFormat names the results file's format.
const shardFormat = "camelot-match-shard 1"

// shardFile is a shard's results file.
type shardFile struct {
	Format   string      `json:"format"`
	Match    string      `json:"match"` // signature of the command line without -shard and -results
	Shard    int         `json:"shard"`
	Shards   int         `json:"shards"`
	Games    int         `json:"games"` // the whole match's
	Engines  [2]string   `json:"engines"`
	SPRT     *stats.SPRT `json:"sprt,omitempty"`
	Complete bool        `json:"complete"` // every game of the shard was played
	Outcomes []shardGame `json:"outcomes"` // by game number
	path     string      // where it was read from
	planned  int         // games of the shard
}

// shardGame is one finished game: its number in the match and its outcome
// from the first engine's view ("w", "d" or "l").
type shardGame struct {
	Game    int    `json:"game"`
	Outcome string `json:"outcome"`
}

var outcomeLetters = map[stats.Outcome]string{stats.Win: "w", stats.Draw: "d", stats.Loss: "l"}

// parseShard reads -shard K/N.
func parseShard(vals []string) (k, n int, err error) {
	if len(vals) != 1 {
		return 0, 0, fmt.Errorf("-shard needs one value K/N, such as 3/8")
	}
	ks, ns, ok := strings.Cut(vals[0], "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("-shard: bad value %q: want K/N with 1 <= K <= N, such as 3/8", vals[0])
	}
	return k, n, nil
}

// matchSignature names the match a command line plays: a hash of its
// words but for the options that choose which of its games run where and
// where their output goes (-shard, -results, -pgnout, -concurrency,
// -ratinginterval, -debug, with their values), so that every shard of one
// match has the same.
func matchSignature(args []string) string {
	h := sha256.New()
	skip := false
	for _, a := range args {
		if isOptionName(a) {
			switch strings.ToLower(strings.TrimLeft(a, "-")) {
			case "shard", "results", "pgnout", "concurrency", "ratinginterval", "debug":
				skip = true
			default:
				skip = false
			}
		}
		if !skip {
			h.Write([]byte(a))
			h.Write([]byte{0})
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// inShard reports whether game n is one of the shard's.
func (cfg *Config) inShard(n int) bool {
	return cfg.Shards == 0 || ((n-1)/2)%cfg.Shards == cfg.Shard-1
}

// shardGames counts the games of the shard.
func (cfg *Config) shardGames() int {
	n := 0
	for g := 1; g <= cfg.Games; g++ {
		if cfg.inShard(g) {
			n++
		}
	}
	return n
}

// writeResults writes the shard's results file (atomically, so that a
// killed shard leaves its last complete state).
func (r *runner) writeResults(complete bool) error {
	cfg := r.cfg
	if cfg.Results == "" {
		return nil
	}
	f := shardFile{
		Format: shardFormat, Match: cfg.Signature, Shard: max(cfg.Shard, 1), Shards: max(cfg.Shards, 1),
		Games: cfg.Games, Engines: [2]string{cfg.Engines[0].Name, cfg.Engines[1].Name}, SPRT: cfg.SPRT,
		Complete: complete, Outcomes: []shardGame{},
	}
	r.mu.Lock()
	for n, o := range r.outcomes {
		f.Outcomes = append(f.Outcomes, shardGame{n, outcomeLetters[o]})
	}
	r.mu.Unlock()
	sort.Slice(f.Outcomes, func(i, j int) bool { return f.Outcomes[i].Game < f.Outcomes[j].Game })
	data, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return err
	}
	return atomicfile.Write(cfg.Results, append(data, '\n'))
}

// readShard reads a results file, checking what it holds.
func readShard(path string) (*shardFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f shardFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: not a shard's results file: %v", path, err)
	}
	switch {
	case f.Format != shardFormat:
		return nil, fmt.Errorf("%s: not a shard's results file (format %q, want %q)", path, f.Format, shardFormat)
	case f.Shards < 1 || f.Shard < 1 || f.Shard > f.Shards || f.Games < 1:
		return nil, fmt.Errorf("%s: shard %d/%d of %d games: not a shard", path, f.Shard, f.Shards, f.Games)
	case f.SPRT != nil && f.SPRT.Validate() != nil:
		return nil, fmt.Errorf("%s: %v", path, f.SPRT.Validate())
	}
	cfg := Config{Games: f.Games, Shard: f.Shard, Shards: f.Shards}
	f.path, f.planned = path, cfg.shardGames()
	for _, g := range f.Outcomes {
		if g.Game < 1 || g.Game > f.Games || !cfg.inShard(g.Game) {
			return nil, fmt.Errorf("%s: game %d is not one of shard %d/%d", path, g.Game, f.Shard, f.Shards)
		}
		if _, ok := letterOutcome(g.Outcome); !ok {
			return nil, fmt.Errorf("%s: game %d: outcome %q, want w, d or l", path, g.Game, g.Outcome)
		}
	}
	return &f, nil
}

func letterOutcome(s string) (stats.Outcome, bool) {
	for o, l := range outcomeLetters {
		if l == s {
			return o, true
		}
	}
	return 0, false
}

// Merge runs `camelot match merge FILE…`: it adds the shards' results up
// and prints the summary one long run of the match prints (the score, the
// Elo difference, the pentanomial counts, the SPRT state when the shards
// ran one). A set of shards that is not the whole match (a shard missing,
// given twice or unfinished, or a file of another match) is said on
// stderr, one line each, and the exit status is 1; 2 for bad arguments.
func Merge(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		fmt.Fprintln(stderr, "usage: camelot match merge RESULTS-FILE…")
		fmt.Fprintln(stderr, "Adds up the results files of a match's shards (-shard K/N -results FILE) and prints its summary.")
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	var files []*shardFile
	for _, path := range args {
		f, err := readShard(path)
		if err != nil {
			fmt.Fprintf(stderr, "camelot match merge: %v\n", err)
			return 1
		}
		files = append(files, f)
	}
	first := files[0]
	status := 0
	problem := func(format string, a ...any) {
		fmt.Fprintf(stderr, "camelot match merge: "+format+"\n", a...)
		status = 1
	}
	byShard := map[int][]*shardFile{}
	outcomes := map[int]stats.Outcome{}
	for _, f := range files {
		if f.Match != first.Match || f.Shards != first.Shards || f.Games != first.Games || f.Engines != first.Engines {
			problem("%s is of another match than %s (command line, shard count, games or engines differ)", f.path, first.path)
			continue
		}
		byShard[f.Shard] = append(byShard[f.Shard], f)
		if !f.Complete || len(f.Outcomes) < f.planned {
			problem("shard %d/%d (%s) is unfinished: %d of its %d games", f.Shard, f.Shards, f.path, len(f.Outcomes), f.planned)
		}
		if len(byShard[f.Shard]) > 1 {
			continue // counted once
		}
		for _, g := range f.Outcomes {
			outcomes[g.Game], _ = letterOutcome(g.Outcome)
		}
	}
	var missing []string
	for k := 1; k <= first.Shards; k++ {
		switch fs := byShard[k]; {
		case len(fs) == 0:
			missing = append(missing, fmt.Sprintf("%d/%d", k, first.Shards))
		case len(fs) > 1:
			names := make([]string, len(fs))
			for i, f := range fs {
				names[i] = f.path
			}
			problem("shard %d/%d is given %d times: %s", k, first.Shards, len(fs), strings.Join(names, ", "))
		}
	}
	if len(missing) > 0 {
		problem("missing %s: %s", plural.Of(len(missing), "shard", "shards"), strings.Join(missing, " "))
	}
	t := tallyOf(outcomes, first.Games)
	fmt.Fprintf(stdout, "Merged %s: %s of %d\n", plural.Of(len(byShard), "shard", "shards"), plural.Of(len(outcomes), "game", "games"), first.Games)
	for _, l := range summaryLines(first.Engines, first.SPRT, t) {
		fmt.Fprintln(stdout, l)
	}
	return status
}
