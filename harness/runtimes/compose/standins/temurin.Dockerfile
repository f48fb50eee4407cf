# Stand-in for the official eclipse-temurin images (harness/runtimes/compose/standins.sh), JDK and JRE tags alike, on Debian 12
# where the tag says Ubuntu noble: the Temurin JDK this machine runs the stacks on, and what java.Dockerfile and
# the loadtest image use of the official image, no more:
# - the JDK in /opt/java/openjdk, JAVA_HOME and PATH set to it (a JRE tag gets the whole JDK);
# - useradd (the stack images' bench user), apt-get (unzip for the Maven wrapper, the loadtest image's nginx and
#   wrk), ca-certificates; no curl or wget, as in the official image (the wrapper downloads with Java then);
# - the en_US.UTF-8 locale in LANG and LC_ALL: the JVM takes its file-name encoding from it (under the POSIX
#   locale a non-ASCII path is not even a Path, and a stack may answer 500 where the official image gives 404).
ARG BASE
FROM ${BASE}
ARG IMAGE
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends locales >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && echo 'en_US.UTF-8 UTF-8' >>/etc/locale.gen && locale-gen en_US.UTF-8 >/dev/null
ENV LANG=en_US.UTF-8 LANGUAGE=en_US:en LC_ALL=en_US.UTF-8
ENV JAVA_HOME=/opt/java/openjdk
ENV PATH=/opt/java/openjdk/bin:$PATH
COPY jdk /opt/java/openjdk
RUN java -version
LABEL org.refservers.standin="stand-in for ${IMAGE}: Debian 12 with this machine's Temurin JDK"
CMD ["jshell"]
