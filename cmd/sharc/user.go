package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sharc-archive/sharc/daemon"
	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/store"
)

const userUsage = `usage: sharc user [--config FILE | --store DSN] COMMAND
commands:
  add NAME --role viewer|operator|admin   create an account; prints its token once
  list                                    list accounts (never their tokens)
  revoke NAME                             end an account's token at once
The store is the daemon's: its config's store (or SHARC_STORE), or --store.
Every change is recorded in the daemon's audit trail as cli:<your user name>.`

// runUser manages the daemon's per-person accounts directly in its store,
// which is how the first accounts are made (docs/security.md).
func runUser(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("user", userUsage)
	config := fs.String("config", "configs/sharc.yaml", "daemon config file naming the store")
	dsn := fs.String("store", "", "store DSN (overrides the config's)")
	role := fs.String("role", "", "the new account's role (add): viewer, operator or admin")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		fs.Usage()
		return errUsage
	}
	st, err := openAccounts(ctx, c, *config, *dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	switch {
	case rest[0] == "add" && len(rest) == 2:
		return userAdd(ctx, c, st, rest[1], *role)
	case rest[0] == "list" && len(rest) == 1:
		return userList(ctx, c, st)
	case rest[0] == "revoke" && len(rest) == 2:
		return userRevoke(ctx, c, st, rest[1])
	}
	fs.Usage()
	return errUsage
}

// parseInterleaved parses flags wherever they stand among the arguments
// (sharc user add alice --role viewer).
func parseInterleaved(fs *flagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest, args = append(rest, fs.Arg(0)), fs.Args()[1:]
	}
}

func openAccounts(ctx context.Context, c *cli, config, dsn string) (store.DB, error) {
	if dsn == "" {
		cfg, err := daemon.LoadConfig(config, os.Getenv)
		if err != nil {
			return nil, fmt.Errorf("%w (or name the store with --store DSN)", err)
		}
		dsn = cfg.Store
	}
	st, err := store.Open(ctx, dsn, c.log)
	if err != nil {
		return nil, err
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// cliActor names the person at this terminal in the audit trail.
func cliActor() access.Principal {
	name := "unknown"
	if u, err := user.Current(); err == nil {
		name = u.Username
	}
	return access.Principal{Name: "cli:" + name, Role: access.Admin, Remote: "local", Via: access.ViaCLI}
}

func userAdd(ctx context.Context, c *cli, st store.DB, name, role string) error {
	if role == "" {
		return usagef("add: --role viewer|operator|admin is required")
	}
	r, err := access.ParseRole(role)
	if err != nil {
		return usagef("%v", err)
	}
	me := cliActor()
	nu, err := daemon.AddUser(ctx, st, name, r, me.Name, time.Now())
	status := 201
	if err != nil {
		status = 400
	}
	audit(ctx, c, st, me, access.ActUserAdd, status, "account "+name+" as "+role, err)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stderr, "account %s (%s) created. Its token, shown this once:\n", nu.Name, nu.Role)
	_, err = fmt.Fprintln(c.stdout, nu.Token)
	return err
}

func userList(ctx context.Context, c *cli, st store.DB) error {
	us, err := st.Users(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tROLE\tCREATED\tBY\tREVOKED")
	for _, u := range us {
		rev := "—"
		if !u.Revoked.IsZero() {
			rev = u.Revoked.Format(time.RFC3339)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", u.Name, u.Role, u.Created.Format(time.RFC3339), u.CreatedBy, rev)
	}
	return tw.Flush()
}

func userRevoke(ctx context.Context, c *cli, st store.DB, name string) error {
	me := cliActor()
	err := st.RevokeUser(ctx, name, time.Now())
	status := 204
	if err != nil {
		status = 404
	}
	audit(ctx, c, st, me, access.ActUserRevoke, status, "account "+name, err)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no active account %s", name)
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(c.stdout, "account %s revoked\n", name)
	return err
}

func audit(ctx context.Context, c *cli, st store.Accounts, p access.Principal, act access.Action, status int, detail string, err error) {
	if err != nil {
		detail += ": " + err.Error()
	}
	e := store.AuditEntry{At: time.Now(), Actor: p.Name, Role: string(p.Role), Remote: p.Remote, Via: string(p.Via), Action: string(act), Status: status, Detail: strings.TrimSpace(detail)}
	if _, aerr := st.AppendAudit(ctx, e); aerr != nil {
		fmt.Fprintf(c.stderr, "sharc: audit trail: %v\n", aerr)
	}
}
