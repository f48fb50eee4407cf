// The compose-spec project's JSON schema for docker-compose.yml, as the project's reference library compose-go
// carries it (schema/compose-spec.json: the schema `docker compose` itself validates with). Nothing here is
// compiled: harness/runtimes/compose/compose.mjs runs `go mod download` in this folder, which fetches the module through the Go
// module proxy and checks it against go.sum, and validates the compose file with the schema it holds.
module bench/compose-schema

go 1.21

require github.com/compose-spec/compose-go/v2 v2.16.2
