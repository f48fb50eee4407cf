#!/bin/sh
# make calibrate's build of TechEmpower's vertx-web entry (stack.json "calibration"), run in the entry's copy with
# MVNW (this checkout's Maven wrapper) and STACK_DIR (this stack) set: the entry on java-vertx's own Vert.x version.
set -e
version=$(sed -n 's:.*<vertx.version>\(.*\)</vertx.version>.*:\1:p' "$STACK_DIR/pom.xml")
sed -i "/<artifactId>vertx-web-benchmark</,/<version>/s:<version>[^<]*<:<version>$version<:" pom.xml
$MVNW -q -B package -DskipTests
