package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/camelot-engine/camelot/gui"
)

// runGUI implements `camelot gui`: a local server for the browser page
// (package gui). The first line on stdout is the page's URL; Ctrl-C ends
// the games, their engines and the server.
func runGUI(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gui", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", gui.DefaultAddr, "`HOST:PORT` to listen on (port 0: any free port)")
	open := fs.Bool("open", false, "open the page in the default browser")
	solution := fs.String("solution", "", "Camette's solution table `DIR` (camelot solve): each Camette position shows its exact value")
	var engine []string
	var engineArgs []string
	fs.Func("engine", "the engine `CMD` to run for each game (default: this program)", func(s string) error {
		if len(engine) > 0 {
			return errors.New("given twice")
		}
		if s == "" {
			return errors.New("empty command")
		}
		engine = []string{s}
		return nil
	})
	fs.Func("engine-arg", "an `ARG` for the engine command (repeatable)", func(s string) error {
		engineArgs = append(engineArgs, s)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fmt.Fprintln(stdout, "usage: camelot gui [-addr HOST:PORT] [-open] [-solution DIR] [-engine CMD [-engine-arg ARG]…]")
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "camelot gui: %v (camelot gui -h)\n", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "camelot gui: unexpected argument %q (camelot gui -h)\n", fs.Arg(0))
		return 2
	}
	if len(engineArgs) > 0 && len(engine) == 0 {
		fmt.Fprintln(stderr, "camelot gui: -engine-arg needs -engine (camelot gui -h)")
		return 2
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		fmt.Fprintf(stderr, "camelot gui: -addr %q: want HOST:PORT (camelot gui -h)\n", *addr)
		return 2
	}
	if len(engine) > 0 {
		engine = append(engine, engineArgs...)
	}
	cfg := gui.Config{Addr: *addr, Engine: engine}
	if *solution != "" {
		o, about, err := openSolution(*solution)
		if err != nil {
			fmt.Fprintf(stderr, "camelot gui: -solution: %v\n", err)
			return 1
		}
		cfg.Solution = o
		fmt.Fprintf(stderr, "solution table %s: %s\n", *solution, about)
	}
	srv, err := gui.Listen(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "camelot gui: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, srv.URL())
	if *open {
		if err := openBrowser(srv.URL()); err != nil {
			fmt.Fprintf(stderr, "camelot gui: warning: cannot open a browser: %v\n", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.Serve() }()
	select {
	case <-ctx.Done():
		stop() // a second Ctrl-C ends the process at once
		_ = srv.Close()
		<-served
		return 0
	case err := <-served:
		_ = srv.Close()
		if err != nil {
			fmt.Fprintf(stderr, "camelot gui: %v\n", err)
			return 1
		}
		return 0
	}
}

// openBrowser opens url in the default browser of the system.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
