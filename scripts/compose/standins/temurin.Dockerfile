# Stand-in for the official eclipse-temurin images (scripts/standins.sh), JDK and JRE tags alike, on Debian 12
# where the tag says Ubuntu noble: the Temurin JDK this machine runs the stacks on, and what java.Dockerfile and
# the loadtest image use of the official image, no more:
# - the JDK in /opt/java/openjdk, JAVA_HOME and PATH set to it (a JRE tag gets the whole JDK);
# - useradd (the stack images' bench user), apt-get (unzip for the Maven wrapper, the loadtest image's nginx and
#   wrk), ca-certificates; no curl or wget, as in the official image (the wrapper downloads with Java then).
ARG BASE
FROM ${BASE}
ARG IMAGE
ENV JAVA_HOME=/opt/java/openjdk
ENV PATH=/opt/java/openjdk/bin:$PATH
COPY jdk /opt/java/openjdk
RUN java -version
LABEL org.refservers.standin="stand-in for ${IMAGE}: Debian 12 with this machine's Temurin JDK"
CMD ["jshell"]
