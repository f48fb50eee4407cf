# Stand-in for the official rust image (harness/runtimes/compose/standins.sh): Debian 12 with this machine's Rust toolchain (its
# bin and lib), and what the loadtest image uses of the official image, no more: cargo on PATH with CARGO_HOME
# /usr/local/cargo, a C toolchain and ca-certificates (cargo install oha).
ARG BASE
FROM ${BASE}
ARG IMAGE
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates gcc libc6-dev >/dev/null \
 && rm -rf /var/lib/apt/lists/*
ENV CARGO_HOME=/usr/local/cargo
ENV PATH=/usr/local/cargo/bin:/usr/local/rust/bin:$PATH
COPY rust /usr/local/rust
RUN cargo --version && rustc --version
LABEL org.refservers.standin="stand-in for ${IMAGE}: Debian 12 with this machine's Rust toolchain"
