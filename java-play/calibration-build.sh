#!/bin/sh
# make calibrate's build of TechEmpower's play2-java entry (stack.json "calibration", whose note says why each step
# is here), run in the entry's copy under .run/calibrate/entries/ with MVNW (this checkout's Maven wrapper)
# and JAVA_HOME set. sbt comes from Maven Central and resolves only through the Maven mirror of this machine's Maven
# settings (Central without one); its caches sit beside the entries' copies, so a rebuild downloads nothing.
set -e
SBT=1.11.7
$MVNW -q -B dependency:copy -Dartifact=org.scala-sbt:sbt-launch:$SBT -DoutputDirectory=.
$MVNW -q -B help:effective-settings -Doutput="$PWD/maven-settings.xml"
# The first mirror of Central (or of everything) that is not blocked, as sbt's repositories file names it.
mirror=$(tr -d ' \t\r\n' < maven-settings.xml | sed 's:</mirror>:&\n:g' \
  | grep -E '<mirrorOf>([^<]*,)?(\*|central|external:\*|external:https:\*)(,[^<]*)?</mirrorOf>' \
  | grep -v '<blocked>true</blocked>' | sed -n 's:.*<url>\([^<]*\)</url>.*:maven-mirror\: \1:p' | head -n 1)
printf '[repositories]\n  %s\n' "${mirror:-maven-central}" > sbt-repositories
cd play2-java
# Pekko HTTP's Akka counterpart as the server, as java-play runs; Play 2.9.9 on the Scala and sbt it needs.
sed -i 's/.enablePlugins(PlayMinimalJava, PlayNettyServer)/.enablePlugins(PlayMinimalJava).disablePlugins(PlayNettyServer)/g' build.sbt
sed -i 's/^scalaVersion := .*/scalaVersion := "2.13.16"/' build.sbt
sed -i 's/"sbt-plugin" % "[^"]*"/"sbt-plugin" % "2.9.9"/' project/plugins.sbt
sed -i "s/^sbt\.version=.*/sbt.version=$SBT/" project/build.properties
cache=$PWD/../../.sbt
"$JAVA_HOME/bin/java" -Xmx1g -Dsbt.override.build.repos=true -Dsbt.repository.config="$PWD/../sbt-repositories" \
  -Dsbt.boot.directory="$cache/boot" -Dsbt.global.base="$cache/global" -Dsbt.ivy.home="$cache/ivy2" \
  -Dsbt.coursier.home="$cache/coursier" -Dsbt.log.noformat=true -jar ../sbt-launch-$SBT.jar stage < /dev/null
