package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/book"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/protocol"
	"github.com/camelot-engine/camelot/record"
)

// runBook implements `camelot book build|probe|stats`.
func runBook(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: camelot book build|probe|stats [options] (camelot book SUBCOMMAND -h)")
		return 2
	}
	switch args[0] {
	case "build":
		return runBookBuild(args[1:], stdout, stderr)
	case "probe":
		return runBookProbe(args[1:], stdout, stderr)
	case "stats":
		return runBookStats(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "camelot book: unknown subcommand %q (want build, probe or stats)\n", args[0])
	return 2
}

// fileList is a repeatable file flag.
type fileList []string

func (l *fileList) String() string     { return strings.Join(*l, ",") }
func (l *fileList) Set(v string) error { *l = append(*l, v); return nil }

func runBookBuild(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := book.DefaultBuildConfig()
	out := fs.String("out", "camelot.book", "the book file; its build journal is FILE.journal, and an existing one is resumed")
	fs.IntVar(&c.Positions, "positions", c.Positions, "stop when the book holds this many positions")
	fs.Uint64Var(&c.Nodes, "nodes", c.Nodes, "nodes of the search that scores each book position")
	fs.Uint64Var(&c.ScoutNodes, "scout-nodes", c.ScoutNodes, "nodes of the search that orders the moves of an expanded position")
	fs.IntVar(&c.Width, "width", c.Width, "moves kept per expanded position")
	fs.IntVar(&c.PlyCost, "ply-cost", c.PlyCost, "cost of a ply of a line, in centi-men lost: lower goes wider, higher deeper")
	fs.IntVar(&c.MaxPly, "max-ply", c.MaxPly, "expand no position this many plies from the start")
	fs.IntVar(&c.MaxScore, "max-score", c.MaxScore, "expand no position scored beyond ±this (centi-men)")
	fs.IntVar(&c.Hash, "hash", c.Hash, "transposition table MB per search thread")
	threads := fs.Int("threads", 0, "searches at once (0: one per physical core)")
	var gameFiles fileList
	fs.Var(&gameFiles, "games", "expand the lines of the games in this record file first (repeatable)")
	variant := fs.String("variant", game.Camelot.String(), bookVariantUsage)
	rules := fs.String("rules", game.WCF.String(), "the rule set whose moves and searches grow the book: "+game.RulesNames()+" (V14); the file names the board only, which both share")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot book build [options]")
		fmt.Fprintln(stderr, "Grows an opening book by drop-out expansion, scoring positions with the engine's search.")
		fs.PrintDefaults()
	}
	if !parseOptions(fs, args, "book build", stderr) {
		return 2
	}
	v, ok := variantOf("book build", *variant, stderr)
	if !ok {
		return 2
	}
	if v, ok = rulesOf("book build", v, *rules, stderr); !ok {
		return 2
	}
	c.Variant = v
	c.Threads = *threads
	if c.Threads == 0 {
		c.Threads = protocol.DefaultThreads()
	}
	if err := c.Check(); err != nil {
		fmt.Fprintf(stderr, "camelot book build: %v\n", err)
		return 2
	}
	var games []*record.Game
	for _, path := range gameFiles {
		gs, err := readGames(path)
		if err != nil {
			fmt.Fprintf(stderr, "camelot book build: %v\n", err)
			return 1
		}
		games = append(games, gs...)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := book.Build(ctx, c, games, *out, stderr)
	fmt.Fprintf(stdout, "book: %s: %s\n", *out, sum)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "camelot book build: interrupted; run the same command again to resume")
		return 130
	case err != nil:
		fmt.Fprintf(stderr, "camelot book build: %v\n", err)
		return 1
	}
	return 0
}

// readGames reads a record file, naming the file and line of an error.
func readGames(path string) ([]*record.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := record.Read(f)
	var re *record.Error
	if errors.As(err, &re) {
		return nil, fmt.Errorf("%s:%d: %s", path, re.Line, re.Msg)
	}
	return games, err
}

// openBook returns the book of v's board at path, or the embedded one for
// "" (an error when the binary has none); a book of another board is an
// error. A book is its board's under either rule set (V14).
func openBook(path string, v game.Variant) (*book.Book, error) {
	v = v.WithRules(game.WCF)
	if path == "" {
		b, err := book.DefaultFor(v)
		if err == nil && b == nil {
			err = fmt.Errorf("no book of %s is built in: give one with -book", v.Title())
		}
		return b, err
	}
	b, err := book.Open(path)
	if err == nil && b.Variant != v {
		return nil, fmt.Errorf("%s: a book of %s, not of %s (-variant)", path, b.Variant.Title(), v.Title())
	}
	return b, err
}

func runBookProbe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("book", "", "book file (default: the embedded book)")
	v := book.DefaultVariety
	fs.IntVar(&v.Plies, "plies", v.Plies, "plies of a game with varied book moves")
	fs.IntVar(&v.Margin, "margin", v.Margin, "centi-men from the best within which moves vary")
	variant := fs.String("variant", game.Camelot.String(), bookVariantUsage)
	rules := fs.String("rules", game.WCF.String(), "the rule set whose legal moves are looked up: "+game.RulesNames()+" (V14)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot book probe [options] [CFEN]")
		fmt.Fprintln(stderr, "Lists the book moves of a position (default: the start position) with their scores and weights.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	bv, ok := variantOf("book probe", *variant, stderr)
	if !ok {
		return 2
	}
	if bv, ok = rulesOf("book probe", bv, *rules, stderr); !ok {
		return 2
	}
	cfen := bv.StartCFEN()
	if fs.NArg() > 0 {
		cfen = strings.Join(fs.Args(), " ")
	}
	pos, err := boards.ParseCFEN(bv, cfen)
	if err != nil {
		fmt.Fprintf(stderr, "camelot book probe: %v\n", err)
		return 2
	}
	b, err := openBook(*path, bv)
	if err != nil {
		fmt.Fprintf(stderr, "camelot book probe: %v\n", err)
		return 1
	}
	cs := b.Moves(&pos, v)
	if len(cs) == 0 {
		fmt.Fprintf(stdout, "no book moves for %s\n", pos.CFEN())
		return 0
	}
	fmt.Fprintf(stdout, "%-24s %8s %6s %7s\n", "move", "score", "depth", "weight")
	for _, c := range cs {
		fmt.Fprintf(stdout, "%-24s %8d %6d %6.1f%%\n", pos.MoveText(c.Move), c.Score, c.Depth, 100*c.Weight)
	}
	return 0
}

func runBookStats(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("book", "", "book file (default: the embedded book)")
	variant := fs.String("variant", game.Camelot.String(), bookVariantUsage)
	rules := rulesFlag(fs)
	if !parseOptions(fs, args, "book stats", stderr) {
		return 2
	}
	bv, ok := variantOf("book stats", *variant, stderr)
	if !ok {
		return 2
	}
	if _, ok := rulesOf("book stats", bv, *rules, stderr); !ok { // a board's book serves both rule sets
		return 2
	}
	b, err := openBook(*path, bv)
	if err != nil {
		fmt.Fprintf(stderr, "camelot book stats: %v\n", err)
		return 1
	}
	s := book.Stats(b)
	fmt.Fprintf(stdout, "positions %d\nexpanded %d\nmax ply %d\nbytes %d\n", s.Positions, s.Expanded, s.MaxPly, s.Bytes)
	fmt.Fprintf(stdout, "positions by ply:")
	for ply, n := range s.ByPly {
		if n > 0 {
			fmt.Fprintf(stdout, " %d:%d", ply, n)
		}
	}
	fmt.Fprintln(stdout)
	return 0
}

// bookVariantUsage documents -variant of the book commands.
var bookVariantUsage = "the board of the book (V7): " + game.Names() + "; a book holds one board's positions"
