# cardroom in a container (docs/HOSTING.md):
#
#   docker build -t cardroom .
#   docker run -d --name cardroom -p 2222:2222 -v cardroom-data:/data \
#     -e CARDROOM_PUBLIC_ADDR=cards.example.net:2222 cardroom
#
# Every serve flag can be given as an environment variable (CARDROOM_...)
# or after the image name: docker run ... cardroom serve --max-tables 50.

# Build: a static binary (pure Go, SQLite included), with the module version
# and the source revision in its build info when .git is in the context.
FROM golang:1.26-alpine AS build
RUN apk add --no-cache git
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ENV CGO_ENABLED=0
# Without a usable .git (a worktree, a tarball) the build goes on unstamped.
RUN mkdir -p /out/data \
    && { go build -trimpath -buildvcs=auto -ldflags="-s -w" -o /out/cardroom ./cmd/cardroom \
      || go build -trimpath -buildvcs=false -ldflags="-s -w" -o /out/cardroom ./cmd/cardroom; }

# Run: nothing but the binary and the data dir, as an unprivileged user
# (uid 65532, no shell: there is none in the image).
FROM scratch
COPY --from=build /out/cardroom /usr/local/bin/cardroom
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV CARDROOM_LISTEN=:2222 \
    CARDROOM_DATA_DIR=/data
VOLUME /data
EXPOSE 2222
ENTRYPOINT ["/usr/local/bin/cardroom"]
CMD ["serve"]
