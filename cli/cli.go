// Package cli implements the subcommands of the camelot binary. Each
// subcommand takes its arguments and streams and returns an exit status, so
// tests drive it exactly as a user would.
package cli

import (
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/internal/version"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"uci", "speak the UCI-style engine protocol on stdin/stdout (the default); uci -tune also announces the search parameters", runProtocol},
		{"perft", "count leaf nodes of the move tree: perft [-threads N] [-variant NAME] [-rules NAME] DEPTH [CFEN]", runPerft},
		{"bench", "search the benchmark suite: bench [depth] [threads] [hash] [-variant NAME] [-rules NAME] [-net FILE | -classic]", runBench},
		{"match", "play engine-vs-engine matches: match -engine cmd=… -engine cmd=… [options] (match -h)", runMatch},
		{"ladder", "one Elo scale from several match outputs: ladder [-anchor NAME] FILE… (ladder -h)", runLadder},
		{"datagen", "write self-play training data: datagen [-seed N] [-games N] [-out FILE] … (datagen -h)", runDatagen},
		{"analyse", "annotate game records with the engine's judgement: analyse [options] FILE|- (analyse -h)", runAnalyse},
		{"book", "build, probe or describe an opening book: book build|probe|stats … (book SUBCOMMAND -h)", runBook},
		{"openings", "write a test-opening suite for matches: openings [-count N] [-score MIN-MAX] … (openings -h)", runOpenings},
		{"gui", "play and analyse in the browser: gui [-addr HOST:PORT] [-open] [-engine CMD [-engine-arg ARG]…] (gui -h)", runGUI},
		{"tune", "fit the evaluation weights to training data: tune [options] FILE... (tune -h)", runTune},
		{"tune-search", "tune the search's constants by SPSA over game pairs: tune-search -state FILE -openings FILE [options] (tune-search -h)", runTuneSearch},
		{"train", "train a net of the learned evaluation on training data: train [options] FILE... (train -h)", runTrain},
		{"net", "make the next generation of a board's net: datagen, train, SPRT, install: net -variant NAME -gen N [options] (net -h)", runNet},
		{"solve", "solve Camette by retrograde analysis, or check a table: solve -variant camette -out DIR | solve verify DIR (solve -h)", runSolve},
		{"puzzles", "find, check, export and count tactics puzzles: puzzles generate|verify|export|stats … (puzzles SUBCOMMAND -h)", runPuzzles},
		{"apbot", "play on AbstractPlay as a bot: apbot -state DIR [-addr HOST:PORT] [-movetime D] … (apbot -h)", runAPBot},
		{"version", "print the version of this build (also: -version)", runVersion},
	}
}

// Main runs the subcommand named by args[0] and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runProtocol(nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	case "-version", "--version":
		return runVersion(args[1:], stdin, stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "camelot: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: camelot [COMMAND [ARGS]]   (no command: run the engine protocol)")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
}

// runVersion prints "camelot VERSION": the stamped release, else what the
// build recorded (package version).
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "camelot version: unexpected argument %q\n", args[0])
		return 2
	}
	fmt.Fprintln(stdout, "camelot "+version.String())
	return 0
}
