package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"syscall"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// startWait bounds the wait for the embedded server's listeners.
const startWait = 30 * time.Second

// readyPoll is how long each look at the embedded server's listeners lasts.
const readyPoll = 50 * time.Millisecond

// startLog is the embedded server's logger: it passes the server's lines on
// to inner (none: dropped) and hands its first fatal error to fatal, where
// nats-server on its own would log it and exit.
type startLog struct {
	inner server.Logger
	fatal chan error // capacity 1: the first fatal error
}

func (l *startLog) Noticef(format string, v ...any) {
	if l.inner != nil {
		l.inner.Noticef(format, v...)
	}
}

func (l *startLog) Warnf(format string, v ...any) {
	if l.inner != nil {
		l.inner.Warnf(format, v...)
	}
}

func (l *startLog) Errorf(format string, v ...any) {
	if l.inner != nil {
		l.inner.Errorf(format, v...)
	}
}

func (l *startLog) Debugf(format string, v ...any) {
	if l.inner != nil {
		l.inner.Debugf(format, v...)
	}
}

func (l *startLog) Tracef(format string, v ...any) {
	if l.inner != nil {
		l.inner.Tracef(format, v...)
	}
}

// Fatalf is logged as an error (the inner logger's Fatalf would exit the
// process) and reported to the node that is starting.
func (l *startLog) Fatalf(format string, v ...any) {
	if l.inner != nil {
		l.inner.Errorf(format, v...)
	}
	err := &natsFatal{text: fmt.Sprintf(format, v...)}
	for _, a := range v {
		if e, ok := a.(error); ok {
			err.err = e
			break
		}
	}
	select {
	case l.fatal <- err:
	default:
	}
}

// natsFatal is a fatal error of the embedded server, as it words it.
type natsFatal struct {
	text string
	err  error // the error it reports, if any
}

func (e *natsFatal) Error() string {
	return "cluster: the embedded NATS server cannot start: " + e.text
}

func (e *natsFatal) Unwrap() error { return e.err }

// runServer starts a NATS server of opts and waits for its listeners;
// listen is the --cluster-listen address, for the error when it cannot
// listen there.
func runServer(ctx context.Context, opts *server.Options, listen string) (*server.Server, error) {
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	var inner server.Logger
	if !opts.NoLog {
		ns.ConfigureLogger()
		inner = ns.Logger()
	}
	log := &startLog{inner: inner, fatal: make(chan error, 1)}
	ns.SetLoggerV2(log, false, false, false)
	ns.Start()
	if err := ready(ctx, ns, log.fatal, startWait); err != nil {
		err = startFailed(ns, listen, err) // before Shutdown closes the listeners
		ns.Shutdown()
		ns.WaitForShutdown()
		return nil, err
	}
	return ns, nil
}

// ready waits until ns listens for its clients and routes, and fails when
// ns reports a fatal error, when ctx ends or after wait.
func ready(ctx context.Context, ns *server.Server, fatal <-chan error, wait time.Duration) error {
	end := time.Now().Add(wait)
	for {
		select {
		case err := <-fatal:
			return err
		case <-ctx.Done():
			return fmt.Errorf("cluster: stopped while the embedded NATS server was starting: %w", context.Cause(ctx))
		default:
		}
		if ns.ReadyForConnections(readyPoll) {
			select {
			case err := <-fatal: // JetStream, say, failed while the listeners opened
				return err
			default:
				return nil
			}
		}
		if time.Now().After(end) {
			return fmt.Errorf("cluster: the embedded NATS server did not listen within %v", wait)
		}
	}
}

// startFailed is err, why ns did not start, naming the listener that could
// not open: the routes' (--cluster-listen listen) or the clients'. Call it
// before ns shuts down.
func startFailed(ns *server.Server, listen string, err error) error {
	var op *net.OpError
	if !errors.As(err, &op) || op.Op != "listen" {
		return err
	}
	if ns.Addr() == nil { // the clients' listener opens first, the routes' after it
		return fmt.Errorf("cluster: the embedded NATS server cannot listen for its clients on 127.0.0.1 (any free port): %w", op)
	}
	if errors.Is(err, syscall.EADDRINUSE) {
		return &listenErr{text: "cluster: --cluster-listen " + listen + ": the address is in use: stop what holds it or choose another", err: op}
	}
	why := op.Error()
	if op.Err != nil {
		why = op.Err.Error() // without the address, named already
	}
	return &listenErr{text: "cluster: --cluster-listen " + listen + ": cannot listen there: " + why, err: op}
}

// listenErr is a --cluster-listen address the embedded server could not
// listen on.
type listenErr struct {
	text string
	err  error
}

func (e *listenErr) Error() string { return e.text }

func (e *listenErr) Unwrap() error { return e.err }
