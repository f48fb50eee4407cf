package bench.mvc.event;

record Stadium(String name) {}
