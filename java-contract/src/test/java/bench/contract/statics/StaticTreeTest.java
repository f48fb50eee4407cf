package bench.contract.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaticTreeTest {

    @TempDir
    Path dir;

    @Test
    void aRegularFileInsideTheRootIsFoundByItsRealPath() throws IOException {
        Path root = Files.createDirectories(dir.resolve("static/sub"));
        Files.writeString(root.resolve("nested.txt"), "nested");
        StaticTree tree = new StaticTree(dir.resolve("static"));

        StaticTree.Found found = tree.find(List.of("sub", "nested.txt")).orElseThrow();

        assertEquals(root.resolve("nested.txt").toRealPath(), found.path());
        assertEquals(6, found.size());
        assertEquals(Files.getLastModifiedTime(found.path()).toInstant(), found.lastModified());
    }

    @Test
    void aSymlinkInsideTheRootIsFollowed() throws IOException {
        Path root = Files.createDirectories(dir.resolve("static"));
        Files.writeString(root.resolve("hello.txt"), "hello");
        Files.createSymbolicLink(root.resolve("link.txt"), root.resolve("hello.txt"));

        Optional<StaticTree.Found> found = new StaticTree(root).find(List.of("link.txt"));

        assertEquals(root.resolve("hello.txt").toRealPath(), found.orElseThrow().path());
    }

    @Test
    void nothingButARegularFileInsideTheRealRootIsFound() throws IOException {
        Path root = Files.createDirectories(dir.resolve("static/sub"));
        Files.writeString(dir.resolve("outside.txt"), "secret");
        Files.writeString(root.resolve("file.txt"), "file");
        Files.createSymbolicLink(root.resolve("out.txt"), dir.resolve("outside.txt"));
        Files.createSymbolicLink(root.resolve("loop"), root.resolve("loop"));
        StaticTree tree = new StaticTree(root);

        assertEquals(Optional.empty(), tree.find(List.of("out.txt")));
        assertEquals(Optional.empty(), tree.find(List.of("sub")));
        assertEquals(Optional.empty(), tree.find(List.of("missing.txt")));
        assertEquals(Optional.empty(), tree.find(List.of("file.txt", "below")));
        assertEquals(Optional.empty(), tree.find(List.of("loop")));
        assertEquals(Optional.empty(), tree.find(List.of("a\0b")), "a name no file can have");
    }

    @Test
    void theRootMayAppearAfterStartUpAndIsThenKept() throws IOException {
        Path root = dir.resolve("later");
        StaticTree tree = new StaticTree(root);
        assertEquals(Optional.empty(), tree.find(List.of("hello.txt")));

        Files.createDirectories(root);
        Files.writeString(root.resolve("hello.txt"), "hello");

        assertTrue(tree.find(List.of("hello.txt")).isPresent());
        assertEquals(root.toRealPath(), tree.realRoot());
    }
}
