package sshserver

import (
	gossh "golang.org/x/crypto/ssh"
)

// filteredChannel is a session channel whose requests pass filterRequests
// before the ssh package's session handler sees them.
type filteredChannel struct {
	gossh.NewChannel
	srv    *Server
	remote string
}

// Accept accepts the channel and puts the filter between its requests and
// the caller.
func (f *filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return nil, nil, err
	}
	out := make(chan *gossh.Request)
	f.srv.goBG(func() { f.srv.filterRequests(f.remote, reqs, out) })
	return ch, out, nil
}

// Requests a session channel may make that the card room does not serve:
// refused here, before the ssh package would accept some of them (agent
// forwarding) or keep what they carry.
var refusedRequests = map[string]bool{
	"auth-agent-req@openssh.com": true,
	"x11-req":                    true,
	"subsystem":                  true,
}

// filterRequests passes a session channel's requests from in to out, and
// closes out when in closes. It refuses the requests the server does not
// serve, and env requests beyond Config.MaxEnv or Config.MaxEnvBytes (the
// ssh package keeps every one it gets, for as long as the session lives).
func (s *Server) filterRequests(remote string, in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	var envN, envBytes, refused int
	for req := range in {
		refuse := refusedRequests[req.Type]
		if req.Type == "env" {
			if envN >= s.cfg.MaxEnv || envBytes+len(req.Payload) > s.cfg.MaxEnvBytes {
				refuse = true
			} else {
				envN++
				envBytes += len(req.Payload)
			}
		}
		if refuse {
			s.refused(RefusedSessionRequest)
			if refused == 0 {
				s.log.Debug("session request refused", "remote", remote, "request", cleanForLog(req.Type))
			}
			refused++
			if req.WantReply {
				_ = req.Reply(false, nil)
			}
			continue
		}
		out <- req
	}
	if refused > 1 {
		s.log.Debug("session requests refused", "remote", remote, "refused", refused)
	}
}
