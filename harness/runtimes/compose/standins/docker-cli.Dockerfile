# Stand-in for the official docker CLI image (harness/runtimes/compose/standins.sh): the two files the loadtest image copies from
# it, at the official paths: this machine's Docker CLI and its compose plugin (harness/runtimes/compose/engine.sh builds it).
ARG BASE
FROM ${BASE}
ARG IMAGE
COPY docker /usr/local/bin/docker
COPY docker-compose /usr/local/libexec/docker/cli-plugins/docker-compose
RUN docker --version && docker compose version
LABEL org.refservers.standin="stand-in for ${IMAGE}: this machine's Docker CLI and compose plugin"
