package main

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/jobdir"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/wacz"
	"github.com/sharc-archive/sharc/warc"
)

// runVerify checks a WACZ package (every hash, the CDXJ index against the
// WARCs, the signature) or a single .warc.gz file, listing each failure.
func runVerify(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("verify", "usage: sharc verify [--pubkey KEY] FILE.wacz|FILE.warc.gz ...")
	pubkey := fs.String("pubkey", "", "require the WACZ to be signed with this public key (base64 DER, as printed by keygen)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errUsage
	}
	failed := 0
	for _, path := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		var probs []string
		var summary string
		if strings.HasSuffix(path, ".warc.gz") || strings.HasSuffix(path, ".warc.gz.open") {
			n, ps, err := warc.VerifyFile(path)
			if err != nil {
				return err
			}
			for _, p := range ps {
				probs = append(probs, p.String())
			}
			summary = fmt.Sprintf("%d records", n)
		} else {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			st, err := f.Stat()
			if err != nil {
				f.Close()
				return err
			}
			rep, err := wacz.Verify(f, st.Size())
			f.Close()
			if err != nil {
				probs = append(probs, err.Error())
			}
			for _, p := range rep.Problems {
				probs = append(probs, p.String())
			}
			if *pubkey != "" && rep.PublicKey != strings.TrimSpace(*pubkey) {
				probs = append(probs, fmt.Sprintf("signed by a different key (expected %s, got %q)", *pubkey, rep.PublicKey))
			}
			sig := "unsigned"
			if rep.Signed {
				sig = fmt.Sprintf("signed (%s) by %s", rep.KeyType, rep.PublicKey)
				if !rep.ReplayVerifiable {
					sig += "; WARNING: ReplayWeb.page cannot verify this key type and shows the package as unverified"
				}
			}
			summary = fmt.Sprintf("%d files, %d WARC records, %d index lines, %s", rep.Files, rep.Records, rep.Indexed, sig)
		}
		if len(probs) == 0 {
			fmt.Fprintf(c.stdout, "OK %s: %s\n", path, summary)
			continue
		}
		failed++
		fmt.Fprintf(c.stdout, "FAIL %s: %s, %d problems\n", path, summary, len(probs))
		for _, p := range probs {
			fmt.Fprintf(c.stdout, "  %s\n", p)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d files: %w", failed, fs.NArg(), errVerifyFailed)
	}
	return nil
}

// runKeygen writes a new PEM PKCS#8 signing key for WACZ export.
func runKeygen(_ context.Context, c *cli, args []string) error {
	fs := c.flags("keygen", "usage: sharc keygen -o key.pem [-type TYPE]")
	out := fs.String("o", "", "output key file (created with mode 0600; never overwritten)")
	kind := fs.String("type", wacz.KeyECDSAP384, "key type: "+wacz.KeyECDSAP384+" (verified by ReplayWeb.page), or with --allow-unverifiable-key "+wacz.KeyECDSAP256+" or "+wacz.KeyEd25519)
	allowUnverifiable := fs.Bool("allow-unverifiable-key", false, "allow a key type ReplayWeb.page cannot verify")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	if k := *kind; k != wacz.KeyECDSAP384 && k != wacz.KeyECDSAP256 && k != wacz.KeyEd25519 {
		return usagef("unknown key type %q (want %s, %s or %s)", k, wacz.KeyECDSAP384, wacz.KeyECDSAP256, wacz.KeyEd25519)
	}
	if *kind == wacz.KeyECDSAP256 || *kind == wacz.KeyEd25519 {
		if !*allowUnverifiable {
			return fmt.Errorf("keygen -type %s: %w: packages signed with it show as unverified there (use the default %s, or add --allow-unverifiable-key)",
				*kind, wacz.ErrKeyNotReplayVerifiable, wacz.KeyECDSAP384)
		}
		unverifiableKeyWarning(c.stderr, *kind)
	}
	pemBytes, err := wacz.GenerateKey(*kind)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(pemBytes)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(*out) // a partial key must not look like a key
		return err
	}
	s, err := wacz.ParseSigner(pemBytes)
	if err != nil {
		return err
	}
	sd, err := wacz.Sign("sha256:", s, time.Now(), "keygen")
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s (%s)\npublic key: %s\n", *out, *kind, sd.PublicKey)
	return nil
}

// loadWACZSigner loads a signing key, refusing a type ReplayWeb.page
// cannot verify unless allowed, and then warning on stderr. Checked before
// the package is built, so a refusal costs nothing.
func loadWACZSigner(c *cli, path string, allow bool) (crypto.Signer, error) {
	s, err := wacz.LoadSigner(path)
	if err != nil {
		return nil, err
	}
	if err := wacz.CheckReplayVerifiable(s.Public()); err != nil {
		if !allow {
			return nil, fmt.Errorf("%s: %w (--allow-unverifiable-key)", path, err)
		}
		unverifiableKeyWarning(c.stderr, wacz.KeyType(s.Public()))
	}
	return s, nil
}

// runExportWACZ packages one capture: sharc export wacz CAPTURE -o FILE.wacz
// --store DSN --warc-dir DIR [--sign-key KEY]. The index is built from the
// store's records, pages are the capture's HTML responses with status 200
// (first capture of each URL), and the capture's quality report goes to
// reports/quality.json.
func runExportWACZ(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("export wacz", "usage: sharc export wacz CAPTURE -o FILE.wacz --store DSN --warc-dir DIR [--sign-key KEY] [--upload]")
	dsn := fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db")
	captureID := fs.Int64("capture", 0, "capture ID (or give it as the first argument)")
	out := fs.String("o", "", "output .wacz file")
	warcDir := fs.String("warc-dir", "", "directory holding the capture's WARC files (the job's warc.dir)")
	signKey := fs.String("sign-key", "", "PEM PKCS#8 private key to sign with (see sharc keygen; ECDSA P-384)")
	allowUnverifiable := fs.Bool("allow-unverifiable-key", false, "sign even with a key type ReplayWeb.page cannot verify (ecdsa-p256, ed25519); it shows such packages as unverified")
	title := fs.String("title", "", "package title (default: capture N)")
	toS3 := fs.Bool("upload", false, "also upload the WACZ with the warc.upload settings of the capture's job (credentials from its environment variables)")
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		id, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil {
			fs.Usage()
			return errUsage
		}
		*captureID = id
		args = args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dsn == "" || *captureID <= 0 || *out == "" || *warcDir == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	if *toS3 && *out == "-" {
		return errors.New("--upload needs -o FILE, not standard output")
	}
	st, err := openExistingStore(ctx, *dsn, c.log)
	if err != nil {
		return err
	}
	defer st.Close()
	var signer crypto.Signer
	if *signKey != "" {
		if signer, err = loadWACZSigner(c, *signKey, *allowUnverifiable); err != nil {
			return err
		}
	}
	in, cleanup, err := waczInput(ctx, st, *captureID, *warcDir, c.log)
	if err != nil {
		return err
	}
	defer cleanup()
	if *title != "" {
		in.Title = *title
	}
	in.Created = time.Now()
	in.AllowUnverifiableKey = *allowUnverifiable
	_, err = writeOutput(*out, c.stdout, func(w io.Writer) (int, error) {
		return 0, wacz.Write(ctx, w, in, signer)
	})
	if err != nil {
		return err
	}
	c.log.Info("exported WACZ", zap.Int64("capture", *captureID), zap.Int("warcs", len(in.WARCs)),
		zap.Int("pages", len(in.Pages)), zap.Bool("signed", *signKey != ""), zap.String("out", *out))
	if *toS3 {
		url, err := uploadExport(ctx, st, *captureID, *out)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "uploaded %s to %s\n", *out, url)
	}
	return nil
}

// waczInput gathers a capture's WARCs, index, pages and report
// (wacz.FromCapture), titling the package "capture N". Files uploaded
// and removed locally are fetched back to a temporary directory
// (stageWARCs); cleanup, to call once the package is written, removes it.
func waczInput(ctx context.Context, st store.Store, captureID int64, warcDir string, log *zap.Logger) (wacz.Input, func(), error) {
	capt, err := st.Capture(ctx, captureID)
	if err != nil {
		return wacz.Input{}, nil, err
	}
	// Given the job folder (warc.dir), the files are in the capture's folder.
	warcDir = jobdir.WARCDir(warcDir, capt.ID, capt.Started)
	dir, cleanup, err := stageWARCs(ctx, st, capt, warcDir)
	if err != nil {
		return wacz.Input{}, nil, err
	}
	in, err := wacz.FromCapture(ctx, st, captureID, dir, log)
	if errors.Is(err, wacz.ErrWARCMissing) {
		err = fmt.Errorf("%w (is the crawl still running? repair .open files first)", err)
	}
	if err != nil {
		cleanup()
		return in, nil, err
	}
	in.Software = version.Software()
	return in, cleanup, nil
}

// unverifiableKeyWarning is printed, loudly, whenever a package or a key
// is made with a key type ReplayWeb.page cannot verify.
func unverifiableKeyWarning(w io.Writer, kind string) {
	fmt.Fprintf(w, "WARNING: %s signatures are NOT verified by ReplayWeb.page (it verifies only %s):\n"+
		"WARNING: it will show this package as unverified. `sharc verify` still checks it.\n", kind, wacz.KeyECDSAP384)
}
