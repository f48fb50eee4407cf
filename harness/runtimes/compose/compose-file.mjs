#!/usr/bin/env node
// `make compose-file`: docker-compose.yml's stack services written again from the stack.json files
// (harness/runtimes/compose/compose-services.mjs); make layout checks that nobody has to.
import { writeComposeFile } from './compose-services.mjs';

writeComposeFile();
console.log('compose-file: docker-compose.yml\'s stack services written from */stack.json');
