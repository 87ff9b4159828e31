package wacz

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
)

// Key types for GenerateKey. ECDSA P-384 is the default, and the only type
// ReplayWeb.page verifies: wabac.js (src/wacz/certutils.ts,
// verifyWACZSignature) imports an anonymous signer's publicKey with
// crypto.subtle.importKey("spki", key, {name: "ECDSA", namedCurve:
// "P-384"}) and verifies {name: "ECDSA", hash: "SHA-256"} over the UTF-8
// hash string. A P-256 key fails that import ("The imported EC key
// specifies a different curve than requested") and an Ed25519 key is not
// an EC key at all, so ReplayWeb.page shows such packages as not verified.
const (
	KeyECDSAP256 = "ecdsa-p256"
	KeyECDSAP384 = "ecdsa-p384"
	KeyEd25519   = "ed25519"
)

// ErrKeyNotReplayVerifiable is returned when a signing key is of a type
// ReplayWeb.page cannot verify (anything but ECDSA P-384) and the caller
// did not opt in to signing with it anyway.
var ErrKeyNotReplayVerifiable = errors.New("wacz: ReplayWeb.page verifies only ECDSA P-384 signatures")

// KeyType names the type of a public key as GenerateKey spells it
// (ecdsa-p384, ecdsa-p256, ed25519), or describes an unsupported one.
func KeyType(pub crypto.PublicKey) string {
	switch k := pub.(type) {
	case ed25519.PublicKey:
		return KeyEd25519
	case *ecdsa.PublicKey:
		switch k.Curve {
		case elliptic.P384():
			return KeyECDSAP384
		case elliptic.P256():
			return KeyECDSAP256
		}
		return "ecdsa-" + k.Curve.Params().Name
	}
	return fmt.Sprintf("%T", pub)
}

// ReplayVerifiable reports whether ReplayWeb.page (wabac.js) can verify a
// signature made with this public key: ECDSA P-384 only.
func ReplayVerifiable(pub crypto.PublicKey) bool { return KeyType(pub) == KeyECDSAP384 }

// CheckReplayVerifiable returns nil for a key ReplayWeb.page can verify,
// else an error wrapping ErrKeyNotReplayVerifiable that says what the
// archivist would get.
func CheckReplayVerifiable(pub crypto.PublicKey) error {
	if ReplayVerifiable(pub) {
		return nil
	}
	return fmt.Errorf("%w: a %s signature verifies with `sharc verify` but ReplayWeb.page shows the package as NOT verified; use an %s key (sharc keygen's default) or opt in explicitly",
		ErrKeyNotReplayVerifiable, KeyType(pub), KeyECDSAP384)
}

// GenerateKey returns a new private key as a PEM "PRIVATE KEY" (PKCS#8)
// block; kind "" is KeyECDSAP384.
func GenerateKey(kind string) ([]byte, error) {
	var key any
	var err error
	switch kind {
	case "", KeyECDSAP384:
		key, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case KeyECDSAP256:
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case KeyEd25519:
		_, key, err = ed25519.GenerateKey(rand.Reader)
	default:
		return nil, fmt.Errorf("wacz: unknown key type %q (want %s, %s or %s)", kind, KeyECDSAP384, KeyECDSAP256, KeyEd25519)
	}
	if err != nil {
		return nil, fmt.Errorf("wacz: generate key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, fmt.Errorf("wacz: encode key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// ParseSigner reads a PEM PKCS#8 private key (Ed25519 or ECDSA).
func ParseSigner(pemBytes []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(pemBytes)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, errors.New("wacz: key file is not a PEM \"PRIVATE KEY\" (PKCS#8) block")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("wacz: key: %w", err)
	}
	switch k := key.(type) {
	case ed25519.PrivateKey:
		return k, nil
	case *ecdsa.PrivateKey:
		return k, nil
	default:
		return nil, fmt.Errorf("wacz: unsupported key type %T (want Ed25519 or ECDSA)", key)
	}
}

// LoadSigner reads a PEM PKCS#8 private key file.
func LoadSigner(path string) (crypto.Signer, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	return ParseSigner(b)
}
