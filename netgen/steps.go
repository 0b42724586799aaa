package netgen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/nnue"
)

// The arguments of each child, after the program. They depend on the
// settings alone, so that a rerun gives datagen and train the command
// they resume by.

func (r *run) datagenArgs() []string {
	return []string{"datagen", "-variant", r.Variant.String(), "-net", r.currentPath(),
		"-seed", strconv.FormatUint(r.Seed, 10), "-games", strconv.Itoa(r.Games),
		"-threads", strconv.Itoa(r.Threads), "-out", r.dataPath()}
}

func (r *run) trainArgs() []string {
	return []string{"train", "-variant", r.Variant.String(), "-init", r.currentPath(),
		"-epochs", strconv.Itoa(r.Epochs), "-lr", strconv.FormatFloat(r.LR, 'g', -1, 64),
		"-lambda", strconv.FormatFloat(r.Lambda, 'g', -1, 64), "-threads", strconv.Itoa(r.Threads), "-seed", strconv.Itoa(r.Gen),
		"-buckets", strconv.Itoa(r.current.Buckets), "-out", r.candidate(), r.dataPath()}
}

func (r *run) openingsArgs() []string {
	return []string{"openings", "-variant", r.Variant.String(), "-count", strconv.Itoa(r.OpeningsCount),
		"-seed", strconv.Itoa(r.Gen), "-threads", strconv.Itoa(r.Threads), "-out", r.openingsPath()}
}

func (r *run) matchArgs() []string {
	args := []string{"match", "-variant", r.Variant.String(),
		"-engine", "cmd=" + r.Self, "name=candidate", "option.EvalFile=" + r.candidate(),
		"-engine", "cmd=" + r.Self, "name=current", "option.EvalFile=" + r.currentPath(),
		"-each", "tc=" + r.TC, "option.Threads=1", "option.Hash=16", "option.OwnBook=false",
		"-openings", "file=" + r.openingsPath(), "order=random",
		"-concurrency", strconv.Itoa(r.Concurrency), "-games", strconv.Itoa(r.MatchGames),
		"-srand", strconv.Itoa(r.Gen), "-sprt"}
	args = append(args, strings.Fields(sprtBounds)...)
	return append(args, "-pgnout", r.path("match.pgn"))
}

func (r *run) benchArgs(net string) []string {
	return []string{"bench", "-variant", r.Variant.String(), "-net", net}
}

// child runs one command of step; its standard output goes to the
// user's and to each of logs.
func (r *run) child(ctx context.Context, step string, args []string, logs ...io.Writer) error {
	c := Command{Step: step, Args: args, Stdout: io.MultiWriter(append([]io.Writer{r.Stdout}, logs...)...), Stderr: r.Stderr}
	r.printf("net: %s: %s\n", step, c)
	return r.Run(ctx, c)
}

// appendLog opens DIR/name for appending: the logs of datagen and train
// span every attempt, as their runs resume each other.
func (r *run) appendLog(name string) (*os.File, error) {
	return os.OpenFile(r.path(name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
}

// datagen plays the games into DIR/data.txt (or goes on with them).
func (r *run) datagen(ctx context.Context) (*DatagenFigures, error) {
	log, err := r.appendLog("datagen.log")
	if err != nil {
		return nil, err
	}
	err = r.child(ctx, StepDatagen, r.datagenArgs(), log)
	log.Close()
	if err != nil {
		return nil, err
	}
	f := &DatagenFigures{}
	if f.Games, f.Positions, err = countData(r.dataPath()); err != nil {
		return nil, err
	}
	text, err := os.ReadFile(r.path("datagen.log"))
	if err != nil {
		return nil, err
	}
	f.PositionsPerSecond = datagenRate(string(text))
	return f, nil
}

// train trains DIR/candidate.nnue from the current net on DIR/data.txt.
func (r *run) train(ctx context.Context) (*TrainFigures, error) {
	if err := need(r.dataPath(), StepDatagen); err != nil {
		return nil, err
	}
	log, err := r.appendLog("train.log")
	if err != nil {
		return nil, err
	}
	err = r.child(ctx, StepTrain, r.trainArgs(), log)
	log.Close()
	if err != nil {
		return nil, err
	}
	text, err := os.ReadFile(r.path("train.log"))
	if err != nil {
		return nil, err
	}
	f := parseTrain(string(text), r.Epochs)
	data, err := os.ReadFile(r.candidate())
	if err != nil {
		return nil, err
	}
	f.Net, f.Bytes = nnue.FileName(data), len(data)
	return f, nil
}

// match plays the SPRT of the candidate against the current net, from
// the start: the openings first, made once.
func (r *run) match(ctx context.Context) (*MatchResult, error) {
	if err := need(r.candidate(), StepTrain); err != nil {
		return nil, err
	}
	if _, err := os.Stat(r.openingsPath()); errors.Is(err, os.ErrNotExist) {
		// `camelot openings -out` writes the file whole or not at all.
		if err := r.child(ctx, StepMatch, r.openingsArgs()); err != nil {
			return nil, err
		}
	}
	// A match is not resumed: the games of a stopped one go.
	if err := os.Remove(r.path("match.pgn")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	log, err := os.Create(r.path("match.log"))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	err = r.child(ctx, StepMatch, r.matchArgs(), log, &out)
	log.Close()
	if err != nil {
		return nil, err
	}
	m, err := ParseMatch(out.String())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.path("match.log"), err)
	}
	return &m, nil
}

// need checks that a step's input, made by the step before, exists.
func need(path, by string) error {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s is missing: run the %s step first", path, by)
		}
		return err
	}
	return nil
}
