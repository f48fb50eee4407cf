# Stand-in for the official mariadb image (harness/runtimes/compose/standins.sh): Debian 12's MariaDB 10.11 server and client, and
# what docker-compose.yml uses of the official image, no more:
# - the MARIADB_DATABASE, MARIADB_USER, MARIADB_PASSWORD and MARIADB_RANDOM_ROOT_PASSWORD variables, acted on
#   when the data volume is empty (mariadb-entrypoint.sh);
# - /docker-entrypoint-initdb.d: *.sql run into MARIADB_DATABASE, *.sh sourced with docker_process_sql, in order;
# - a command of server options (arguments starting with "-" go to mariadbd);
# - healthcheck.sh --connect --innodb_initialized (mariadb-healthcheck.sh);
# - the server runs as the mysql user, data in /var/lib/mysql, port 3306 on every address (Debian's own
#   configuration binds 127.0.0.1 only: the other containers could not reach it).
ARG BASE
FROM ${BASE}
ARG IMAGE
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mariadb-server mariadb-client >/dev/null \
 && rm -rf /var/lib/apt/lists/* /var/lib/mysql \
 && mkdir -p /var/lib/mysql /run/mysqld /docker-entrypoint-initdb.d \
 && chown mysql:mysql /var/lib/mysql /run/mysqld \
 && printf '[mariadbd]\nbind-address = 0.0.0.0\n' >/etc/mysql/mariadb.conf.d/99-standin.cnf
COPY mariadb-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
COPY mariadb-healthcheck.sh /usr/local/bin/healthcheck.sh
LABEL org.refservers.standin="stand-in for ${IMAGE}: Debian 12's MariaDB 10.11 with this project's own entrypoint and healthcheck.sh"
VOLUME /var/lib/mysql
EXPOSE 3306
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["mariadbd"]
