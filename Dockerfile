# syntax=docker/dockerfile:1
# SHARC's daemon image: a static binary (the SQLite driver is pure Go, so
# CGO is off) on a distroless base, running as a non-root user. Build with
# `make image`; run with docker-compose.yml (docs/operations.md).

FROM golang:1.26-bookworm AS build
WORKDIR /src
# Modules first, so a source change does not download them again.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# REVISION names the commit when the context has no .git for Go to stamp.
ARG REVISION=
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X github.com/sharc-archive/sharc/internal/version.linked=${VERSION} -X github.com/sharc-archive/sharc/internal/version.linkedRevision=${REVISION}" \
        -o /out/usr/local/bin/sharc ./cmd/sharc \
    && mkdir -p /out/var/lib/sharc /out/etc/sharc

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/usr/local/bin/sharc /usr/local/bin/sharc
# The WARC volume is mounted here; a named volume takes this owner.
COPY --from=build --chown=65532:65532 /out/var/lib/sharc /var/lib/sharc
COPY configs/compose.yaml /etc/sharc/sharc.yaml
USER 65532:65532
WORKDIR /var/lib/sharc
EXPOSE 8180
# Distroless has no shell or curl: the binary probes its own /healthz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["/usr/local/bin/sharc", "healthcheck", "http://127.0.0.1:8180/healthz"]
# SIGTERM drains captures (drain_timeout in the config); compose's
# stop_grace_period must be longer (docker-compose.yml).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/sharc"]
CMD ["serve", "--config", "/etc/sharc/sharc.yaml"]
