# Every Java stack for the compose runtime (docker-compose.yml): the build arg STACK names the stack's directory,
# PORT is its stack.json port. Built from the repository root, since the build reads the root Maven wrapper, the
# parent pom, java-contract (the contract's framework-free Java every Java stack depends on) and spec/booking.proto. The runtime image holds the JRE and the jar only. `make test` checks each
# service's args, and this file's EXPOSE and CMD, against the stack's stack.json (harness/checks/compose-check.mjs).
FROM eclipse-temurin:25.0.3_9-jdk-noble AS build
# unzip: without it the Maven wrapper fetches the .tar.gz and fails the checksum written for the .zip.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends unzip \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY mvnw ./
COPY .mvn .mvn
# The parent pom: the versions and build plugins every Java module shares.
COPY pom.xml ./
COPY spec/booking.proto spec/
COPY java-contract/pom.xml java-contract/
COPY java-contract/src java-contract/src
# Declared after what every stack shares, so those layers stay cached across the five builds.
ARG STACK
COPY ${STACK}/pom.xml ${STACK}/
COPY ${STACK}/src ${STACK}/src
# BuildKit's cache of ~/.m2 (the Maven wrapper's Maven and the repository) is shared by the five builds and kept
# across them: a second build downloads nothing. The parent pom and java-contract are installed into it first, one
# module at a time: the aggregator's reactor (-pl STACK -am) would want every module's directory in the image.
RUN --mount=type=cache,target=/root/.m2 ./mvnw -q -B -N install \
 && ./mvnw -q -B -f java-contract/pom.xml install -DskipTests \
 && ./mvnw -q -B -f ${STACK}/pom.xml package -DskipTests

FROM eclipse-temurin:25.0.3_9-jre-noble
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin bench
WORKDIR /app
ARG STACK
ARG PORT
COPY --from=build /src/${STACK}/target/${STACK}.jar target/
USER bench
ENV STACK=${STACK}
EXPOSE ${PORT}
# stack.json's start line.
CMD ["sh", "-c", "exec $JAVA_HOME/bin/java $JAVA_OPTS -jar target/$STACK.jar"]
