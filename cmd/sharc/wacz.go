package main

import (
	"context"
	"crypto"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/netguard"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// runVerify checks a WACZ package (every hash, the CDXJ index against the
// WARCs, the signature) or a single .warc.gz file, listing each failure.
func runVerify(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("verify", "usage: sharc verify [--pubkey KEY] [--trust CA.pem] FILE.wacz|FILE.warc.gz ...")
	pubkey := fs.String("pubkey", "", "require the WACZ to be signed with this public key (base64 DER, as printed by keygen)")
	trustFile := fs.String("trust", "", "PEM file of root certificates to trust for the signer and the TSA, added to the system's roots")
	if err := fs.Parse(args); err != nil {
		return err
	}
	opts, err := verifyOptions(*trustFile)
	if err != nil {
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
			rep, err := wacz.VerifyWith(f, st.Size(), opts)
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
			summary += "\n" + strings.Join(verifySummary(rep), "\n")
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

// verifyOptions reads --trust: the system's roots plus the file's
// certificates; none given: the system's roots alone.
func verifyOptions(trustFile string) (wacz.VerifyOptions, error) {
	if trustFile == "" {
		return wacz.VerifyOptions{}, nil
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	b, err := os.ReadFile(trustFile)
	if err != nil {
		return wacz.VerifyOptions{}, err
	}
	certs, err := wacz.ParseChain(string(b))
	if err != nil {
		return wacz.VerifyOptions{}, fmt.Errorf("--trust %s: %w", trustFile, err)
	}
	for _, c := range certs {
		pool.AddCert(c)
	}
	return wacz.VerifyOptions{Roots: pool}, nil
}

// verifySummary is the plain account of a package printed under its OK or
// FAIL line: who signed, when a TSA saw it, what it covers, and what was
// not verified.
func verifySummary(rep wacz.Report) []string {
	var out []string
	switch s := rep.Signer; {
	case s == nil:
		out = append(out, "  signer: none (the package is not signed: anyone could have made or changed it)")
	case s.Kind == wacz.SignerAnonymous:
		out = append(out, "  signer: anonymous key "+rep.PublicKey)
	default:
		trust := "not in your trust store"
		if s.Trusted {
			trust = "trusted"
		}
		if s.SelfSigned {
			trust += ", self-signed"
		}
		out = append(out, fmt.Sprintf("  signer: %s (certificate %s, SHA-256 fingerprint %s, issued by %s, valid %s to %s; %s)",
			s.Domain, s.Subject, s.Fingerprint, s.Issuer, s.NotBefore.UTC().Format(time.RFC3339), s.NotAfter.UTC().Format(time.RFC3339), trust))
	}
	if ts := rep.Timestamp; ts != nil {
		trust := "not in your trust store"
		if ts.Trusted {
			trust = "trusted"
		}
		out = append(out, fmt.Sprintf("  timestamp: the TSA %s (SHA-256 fingerprint %s; %s) saw the signature at %s (serial %s)",
			ts.TSA, ts.Fingerprint, trust, ts.Time.UTC().Format(time.RFC3339), ts.Serial))
	} else if rep.Signed {
		out = append(out, "  timestamp: none")
	}
	out = append(out, fmt.Sprintf("  covers: %d pages, %d WARC records; %s", rep.Pages, rep.Records, strings.Join(rep.Contents, ", ")))
	for _, nv := range rep.NotVerified {
		out = append(out, "  not verified: "+nv)
	}
	return out
}

// runKeygen writes a new PEM PKCS#8 signing key for WACZ export.
func runKeygen(_ context.Context, c *cli, args []string) error {
	fs := c.flags("keygen", "usage: sharc keygen -o key.pem [-type TYPE] [--cert cert.pem --domain DOMAIN [--days N]]")
	out := fs.String("o", "", "output key file (created with mode 0600; never overwritten)")
	certOut := fs.String("cert", "", "also write a self-signed X.509 certificate for the key naming --domain (a named signer for tests, or for readers given its fingerprint)")
	domain := fs.String("domain", "", "the domain the certificate names (with --cert)")
	days := fs.Int("days", 365, "the certificate's validity in days (with --cert)")
	kind := fs.String("type", wacz.KeyECDSAP384, "key type: "+wacz.KeyECDSAP384+" (verified by ReplayWeb.page), or with --allow-unverifiable-key "+wacz.KeyECDSAP256+" or "+wacz.KeyEd25519)
	allowUnverifiable := fs.Bool("allow-unverifiable-key", false, "allow a key type ReplayWeb.page cannot verify")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 || (*certOut == "") != (*domain == "") || *days <= 0 {
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
	s, err := wacz.ParseSigner(pemBytes)
	if err != nil {
		return err
	}
	var certPEM []byte
	if *certOut != "" {
		if certPEM, err = wacz.SelfSignedCertificate(s, *domain, time.Now(), time.Duration(*days)*24*time.Hour); err != nil {
			return err
		}
	}
	if err := writeNew(*out, pemBytes, 0o600); err != nil {
		return err
	}
	if *certOut != "" {
		if err := writeNew(*certOut, certPEM, outputPerm); err != nil {
			os.Remove(*out) // a key without its certificate: start again
			return err
		}
		chain, err := wacz.ParseChain(string(certPEM))
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "wrote %s (self-signed certificate for %s, SHA-256 fingerprint %s)\n", *certOut, *domain, wacz.Fingerprint(chain[0]))
	}
	sd, err := wacz.Sign("sha256:", s, time.Now(), "keygen")
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s (%s)\npublic key: %s\n", *out, *kind, sd.PublicKey)
	return nil
}

// writeNew writes a file that must not exist yet; a partial one is removed.
func writeNew(path string, b []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path) // a partial key must not look like a key
	}
	return err
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
	fs := c.flags("export wacz", "usage: sharc export wacz [CAPTURE] -o FILE.wacz (--store DSN --warc-dir DIR | --job JOB.yaml) [--capture ID] [--sign-key KEY [--sign-cert CERT] [--tsa-url URL]] [--upload]")
	cf := addCaptureFlags(fs)
	out := fs.String("o", "", "output .wacz file")
	warcDir := fs.String("warc-dir", "", "directory holding the capture's WARC files (default: the job's warc.dir)")
	signKey := fs.String("sign-key", "", "PEM PKCS#8 private key to sign with (see sharc keygen; ECDSA P-384)")
	allowUnverifiable := fs.Bool("allow-unverifiable-key", false, "sign even with a key type ReplayWeb.page cannot verify (ecdsa-p256, ed25519); it shows such packages as unverified")
	signCert := fs.String("sign-cert", "", "PEM certificate chain (leaf first) of --sign-key: sign as a named signer (domain identity) instead of an anonymous key")
	signDomain := fs.String("sign-domain", "", "the domain to sign as (default: the certificate's first DNS name)")
	tsaURL := fs.String("tsa-url", "", "RFC 3161 time-stamping authority to timestamp the signature (trusted time)")
	tsaAllow := fs.String("tsa-allow-addresses", "", "comma-separated address ranges the TSA may be reached at beyond the public internet (e.g. 127.0.0.1/32 for a local TSA)")
	title := fs.String("title", "", "package title (default: capture N)")
	toS3 := fs.Bool("upload", false, "also upload the WACZ with the warc.upload settings of the capture's job (credentials from its environment variables)")
	args, err := cf.takePositional(args)
	if err != nil {
		return err
	}
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return fs.missing("-o FILE.wacz")
	}
	if *toS3 && *out == "-" {
		return errors.New("--upload needs -o FILE, not standard output")
	}
	tg, err := cf.open(ctx, c.log)
	if err != nil {
		return err
	}
	st := tg.st
	defer st.Close()
	if *warcDir == "" && tg.job != nil {
		*warcDir = tg.job.WARC.Dir
	}
	if *warcDir == "" {
		return fs.missing("--warc-dir DIR (or --job JOB.yaml, whose warc.dir is used)")
	}
	captureID := &tg.capt.ID
	var signer crypto.Signer
	if *signKey != "" {
		if signer, err = loadWACZSigner(c, *signKey, *allowUnverifiable); err != nil {
			return err
		}
	}
	sign, err := waczSigning(signer, *signCert, *signDomain, *tsaURL, *tsaAllow)
	if err != nil {
		return err
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
	in.Identity, in.Timestamper = sign.identity, sign.tsa
	if sign.identity != nil {
		signer = nil
	}
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

// waczSign is how export signs: a named signer and a TSA, each optional.
type waczSign struct {
	identity *wacz.Identity
	tsa      wacz.Timestamper
}

// waczSigning checks the signing flags: a certificate or a TSA needs a
// key; the TSA is reached through the network guard, opened only as far
// as tsaAllow says.
func waczSigning(signer crypto.Signer, certPath, domain, tsaURL, tsaAllow string) (waczSign, error) {
	var out waczSign
	if signer == nil && (certPath != "" || tsaURL != "") {
		return out, usagef("--sign-cert and --tsa-url need --sign-key")
	}
	if certPath != "" {
		b, err := os.ReadFile(certPath)
		if err != nil {
			return out, err
		}
		chain, err := wacz.ParseChain(string(b))
		if err != nil {
			return out, fmt.Errorf("--sign-cert %s: %w", certPath, err)
		}
		if out.identity, err = wacz.NewIdentity(signer, chain, domain); err != nil {
			return out, err
		}
	}
	if tsaURL != "" {
		var allow []netip.Prefix
		if tsaAllow != "" {
			var err error
			if allow, err = netguard.ParseList(strings.Split(tsaAllow, ",")); err != nil {
				return out, usagef("--tsa-allow-addresses: %v", err)
			}
		}
		out.tsa = wacz.TSAClient{URL: tsaURL, Client: &http.Client{Transport: netguard.New(allow).Transport(), Timeout: time.Minute}}
	}
	return out, nil
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
	jobRoot := warcDir
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
	// The evidence files of the capture's folder (given the job folder);
	// a capture begun before capture folders has only software.json.
	extras, err := wacz.EvidenceExtras(jobdir.Path(jobRoot, capt.ID, capt.Started), true)
	if err != nil {
		cleanup()
		return in, nil, err
	}
	in.Extras = append(in.Extras, extras...)
	return in, cleanup, nil
}

// unverifiableKeyWarning is printed, loudly, whenever a package or a key
// is made with a key type ReplayWeb.page cannot verify.
func unverifiableKeyWarning(w io.Writer, kind string) {
	fmt.Fprintf(w, "WARNING: %s signatures are NOT verified by ReplayWeb.page (it verifies only %s):\n"+
		"WARNING: it will show this package as unverified. `sharc verify` still checks it.\n", kind, wacz.KeyECDSAP384)
}
