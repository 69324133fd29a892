import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * Starts mongo-java-server for the app, the command line and the tests when no MONGODB_URI is
 * configured. Run in Java's source-file mode (no build step):
 *
 *   java -cp CLASSPATH MongoJavaServerLauncher.java [--h2 FILE] [--port N]
 *
 * Prints "LISTENING <port>" once bound. Stops when its standard input closes, so the server
 * never outlives the Node process that started it, even when that process is killed.
 */
public class MongoJavaServerLauncher {

    public static void main(String[] args) throws Exception {
        String h2File = null;
        int port = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--h2" -> h2File = args[++i];
                case "--port" -> port = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }

        MongoBackend backend = h2File == null ? new MemoryBackend() : new H2Backend(h2File);
        MongoServer server = new MongoServer(backend);
        server.bind("127.0.0.1", port);
        InetSocketAddress address = server.getLocalAddress();

        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
        System.out.println("LISTENING " + address.getPort());
        System.out.flush();

        waitForEndOfInput(System.in);
        server.shutdownNow();
        System.exit(0);
    }

    private static void waitForEndOfInput(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) != -1) {
                // the parent never writes; it only keeps the pipe open while it lives
            }
        } catch (IOException closed) {
            // a broken pipe means the parent is gone
        }
    }
}
