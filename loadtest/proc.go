package loadtest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/exec"
	"runtime"
	rpprof "runtime/pprof"
	"strconv"
	"strings"
	"time"
)

// procStats are a process's resident memory and CPU time so far.
type procStats struct {
	rss int64         // bytes (VmRSS)
	cpu time.Duration // utime + stime
}

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat times; 100 on Linux.
const clockTicks = 100

// readProc reads /proc/<pid>/status and /proc/<pid>/stat.
func readProc(pid int) (procStats, error) {
	var st procStats
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return st, err
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(v) // "123456 kB"
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				st.rss = kb << 10
			}
		}
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return st, err
	}
	// The command name is in parentheses and may hold spaces: fields count
	// from after the last ')'. utime and stime are fields 14 and 15.
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return st, errors.New("loadtest: odd /proc stat")
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return st, errors.New("loadtest: short /proc stat")
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	stt, _ := strconv.ParseInt(f[12], 10, 64)
	st.cpu = time.Duration(ut+stt) * time.Second / clockTicks
	return st, nil
}

// machineBusy is the CPU time all cores spent busy so far (/proc/stat),
// to tell how much of the machine other processes took during a phase.
func machineBusy() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line) // cpu user nice system idle iowait irq softirq steal ...
	var busy int64
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		if i != 3 && i != 4 && i < 8 { // not idle, iowait, guest
			busy += n
		}
	}
	return time.Duration(busy) * time.Second / clockTicks
}

// Child is a server running in a child process: its SSH address, its debug
// address (pprof and a goroutine count, loopback only) and its pid.
type Child struct {
	Addr  string
	Debug string
	Pid   int

	cmd   *exec.Cmd // nil in process
	stdin io.WriteCloser
	done  chan error
}

// StartInProcess runs serve in this process the way ChildMain runs it in a
// child. Its /proc figures include the generator's own: for tests only.
func StartInProcess(ctx context.Context, serve func(ctx context.Context, ln net.Listener) error) (*Child, error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &Child{Pid: os.Getpid(), stdin: inW, done: make(chan error, 1)}
	go func() {
		err := ChildMain(inR, outW, serve)
		outW.CloseWithError(io.EOF)
		c.done <- err
	}()
	ready := make(chan error, 1)
	go func() {
		line, err := bufio.NewReader(outR).ReadString('\n')
		if err == nil {
			c.Addr, c.Debug, err = parseReady(line)
		}
		ready <- err
		_, _ = io.Copy(io.Discard, outR)
	}()
	var err error
	select {
	case err = <-ready:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

func parseReady(line string) (addr, debug string, err error) {
	f := strings.Fields(line)
	if len(f) != 3 || f[0] != "ready" {
		return "", "", fmt.Errorf("loadtest: child said %q", line)
	}
	return f[1], f[2], nil
}

// StartChild runs the current executable with args; the child must call
// ChildMain, which prints the addresses this waits for.
func StartChild(ctx context.Context, args []string, logTo io.Writer) (*Child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, args...)
	cmd.Stderr = logTo
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &Child{Pid: cmd.Process.Pid, cmd: cmd, stdin: stdin, done: make(chan error, 1)}
	ready := make(chan error, 1)
	go func() {
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err == nil {
			c.Addr, c.Debug, err = parseReady(line)
		}
		ready <- err
		_, _ = io.Copy(io.Discard, stdout)
		c.done <- cmd.Wait()
	}()
	select {
	case err = <-ready:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

// Stop asks the child to shut down (its stdin closes) and waits for it,
// killing it after 20s.
func (c *Child) Stop() error {
	c.stdin.Close()
	t := time.NewTimer(20 * time.Second)
	defer t.Stop()
	select {
	case err := <-c.done:
		return err
	case <-t.C:
		if c.cmd == nil {
			return errors.New("loadtest: the server did not stop within 20s")
		}
		_ = c.cmd.Process.Kill()
		return <-c.done
	}
}

func (c *Child) stats() (procStats, error) { return readProc(c.Pid) }

// goroutines asks the child how many goroutines it runs.
func (c *Child) goroutines(ctx context.Context) (int, error) {
	body, err := c.get(ctx, "/goroutines")
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(body)))
}

// debugClient keeps no idle connections (a test's leak check sees none).
var debugClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}

func (c *Child) get(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", "http://"+c.Debug+path, nil)
	if err != nil {
		return nil, err
	}
	resp, err := debugClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("loadtest: %s: %s", path, resp.Status)
	}
	return io.ReadAll(resp.Body)
}

// ChildMain is the child's side of StartChild: it listens on loopback for
// SSH (serve) and for its debug endpoints, prints "ready SSHADDR DEBUGADDR"
// to stdout, and runs serve until stdin closes.
func ChildMain(stdin io.Reader, stdout io.Writer, serve func(ctx context.Context, ln net.Listener) error) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	dln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		ln.Close()
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	// A CPU profile of exactly one phase of the run, written by the
	// server to the path the load generator names.
	var prof *os.File
	mux.HandleFunc("/cpuprofile/start", func(w http.ResponseWriter, r *http.Request) {
		f, err := os.Create(r.URL.Query().Get("path"))
		if err == nil {
			if err = rpprof.StartCPUProfile(f); err != nil {
				f.Close()
			} else {
				prof = f
			}
		}
		if err != nil {
			http.Error(w, err.Error(), 500)
		}
	})
	mux.HandleFunc("/cpuprofile/stop", func(w http.ResponseWriter, _ *http.Request) {
		if prof != nil {
			rpprof.StopCPUProfile()
			prof.Close()
			prof = nil
		}
	})
	mux.HandleFunc("/goroutines", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintln(w, runtime.NumGoroutine())
	})
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = hs.Serve(dln) }()
	defer hs.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		_, _ = io.Copy(io.Discard, stdin)
		cancel()
	}()
	fmt.Fprintf(stdout, "ready %s %s\n", ln.Addr(), dln.Addr())
	return serve(ctx, ln)
}
