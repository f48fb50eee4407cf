# Sourced once by the mariadb image's entrypoint when it initialises the data volume, after the schema
# (10-schema.sql): the grant harness/runtimes/native/db.sh gives natively. PROCESS lets the conformance suite see the
# statement a stack is waiting in (the FOR UPDATE clause).
docker_process_sql <<<"GRANT PROCESS ON *.* TO '${MARIADB_USER}'@'%';"
