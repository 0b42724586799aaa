package match

import (
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/engineproc"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/stats"
)

// EngineConfig says how to run one engine and how it plays.
type EngineConfig struct {
	Name    string
	Cmd     string   // program: a path, or a name looked up in PATH
	Dir     string   // working directory ("": the runner's)
	Args    []string // program arguments
	Options []Option // setoption commands sent after uciok, in order

	TC    *TimeControl  // clock; nil: none
	ST    time.Duration // fixed time per move (go movetime); 0: none
	Depth int           // go depth; 0: none
	Nodes int64         // go nodes; 0: none
}

// Option is one `setoption name Name value Value`.
type Option struct{ Name, Value string }

// Limits describes what the engine is told in `go`, e.g. "tc=10+0.1" or
// "st=1 depth=8", for messages and the TimeControl tag.
func (e *EngineConfig) Limits() string {
	var parts []string
	if e.TC != nil {
		parts = append(parts, e.TC.String())
	}
	if e.ST > 0 {
		parts = append(parts, "st="+secondsText(e.ST))
	}
	if e.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(e.Depth))
	}
	if e.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatInt(e.Nodes, 10))
	}
	if len(parts) == 0 {
		return "?"
	}
	return strings.Join(parts, " ")
}

// Order is how openings are taken from the openings file.
type Order string

// Opening orders.
const (
	Sequential Order = "sequential"
	Random     Order = "random"
)

// OpeningsConfig is the -openings setting.
type OpeningsConfig struct {
	File  string
	Order Order
	Start int // 1-based index of the first opening used
}

// DrawAdjudication is the -draw setting: a game is drawn once at least
// MoveNumber full moves were played and both engines' scores stayed within
// Score centi-men of zero for MoveCount consecutive moves each.
type DrawAdjudication struct {
	MoveNumber, MoveCount, Score int
}

// ResignAdjudication is the -resign setting: a side loses once its engine's
// score stayed at or below -Score for MoveCount consecutive moves.
type ResignAdjudication struct {
	MoveCount, Score int
}

// Config is a whole match as the command line describes it.
type Config struct {
	Engines        [2]EngineConfig
	Games          int
	Concurrency    int
	Openings       *OpeningsConfig
	SPRT           *stats.SPRT
	PGNOut         string
	Seed           uint64
	SeedSet        bool // -srand was given
	Draw           *DrawAdjudication
	Resign         *ResignAdjudication
	Recover        bool
	Debug          bool
	RatingInterval int
	TimeMargin     time.Duration

	GenOpenings int  // -genopenings N: write N balanced openings and exit
	Help        bool // -h

	// Variant is the game played (V7): both engines get UCI_Variant, the
	// games start from its start or from openings of its board, and its
	// rules judge them (V5). The zero Variant is Camelot. It carries the
	// rule set (-rules, V14): the referee plays by it, and under another
	// than the WCF's both engines get the option Rules.
	Variant game.Variant

	// Shard and Shards: with -shard K/N only the game pairs whose index
	// is K-1 modulo N are played (0: no sharding). Results is the file
	// the shard's outcomes go to (-results), Signature the match's
	// command line without those (shard.go).
	Shard, Shards int
	Results       string
	Signature     string
}

// uciVariant is the option that selects an engine's game (V7), uciRules
// the one that selects its rule set (V14).
const (
	uciVariant = "UCI_Variant"
	uciRules   = "Rules"
)

// processConfig describes the engine's process for package engineproc;
// debug, when not nil, logs its conversation (-debug). For a variant
// other than Camelot, UCI_Variant is the first option sent, after uci and
// before ucinewgame and any position (V7); under a rule set other than the
// WCF's, Rules comes next (V14). Camelot's games under the WCF's rules
// send neither, so that engines without the options still play them.
func (e *EngineConfig) processConfig(debug func(name, dir, line string), v game.Variant) engineproc.Config {
	var opts []engineproc.Option
	if v.WithRules(game.WCF) != game.Camelot {
		opts = append(opts, engineproc.Option{Name: uciVariant, Value: v.String()})
	}
	if r := v.Rules(); r != game.WCF {
		opts = append(opts, engineproc.Option{Name: uciRules, Value: r.String()})
	}
	for _, o := range e.Options {
		opts = append(opts, engineproc.Option(o))
	}
	return engineproc.Config{Name: e.Name, Cmd: e.Cmd, Dir: e.Dir, Args: e.Args, Options: opts, Debug: debug}
}
