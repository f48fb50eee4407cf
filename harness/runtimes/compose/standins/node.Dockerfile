# Stand-in for the official node image (harness/runtimes/compose/standins.sh), on Debian 12 where the tag says trixie: the Node.js
# binary the project pins (.node-version, from the npm registry) and npm, and what the Dockerfiles and
# docker-compose.yml use of the official image, no more:
# - /usr/local/bin/node, and npm and npx in /usr/local/bin (npm ci in the build stages);
# - the node user and group (uid and gid 1000, home /home/node) the stack images run as;
# - bash, for the services' /health probes; libatomic1, which the official binary links.
# npm reads the registry this machine's npm uses (npmrc, written at build time); Node.js trusts what the base
# image's bundle trusts (this machine's certificates among them).
ARG BASE
FROM ${BASE}
ARG IMAGE
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libatomic1 >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
COPY node /usr/local/bin/node
COPY npm/node_modules/npm /usr/local/lib/node_modules/npm
COPY npmrc /usr/local/etc/npmrc
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
LABEL org.refservers.standin="stand-in for ${IMAGE}: Debian 12 with the project's pinned Node.js binary and npm"
CMD ["node"]
