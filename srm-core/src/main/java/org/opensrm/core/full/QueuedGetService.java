package org.opensrm.core.full;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.FileRequest;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.Surl;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.GetRequest;
import org.opensrm.core.service.GetService;
import org.opensrm.core.service.ReadableFiles;
import org.opensrm.core.service.SurlParser;
import org.opensrm.core.service.TransferResult;

/**
 * srmPrepareToGet and srmBringOnline in full mode: the request is checked for what can be checked at once (SURL
 * syntax, the caller's path policy, the transfer protocols), kept in the store and queued; the engine then stats
 * each file as the owner's account (a regular file it may read) and pins it: a get's file becomes
 * {@code SRM_FILE_PINNED} with a TURL from a healthy GridFTP door, a bring-online's {@code SRM_SUCCESS}, each with
 * a pin that runs out after the granted pin lifetime. Disk files are online, so a pin holds nothing on disk; it
 * is a promise with a lifetime that the reaper ends. Status calls answer from the store, for the owner only.
 */
public final class QueuedGetService implements GetService {
    private final StorageBackend backend;
    private final SurlParser surls;
    private final Doors doors;
    private final Intake intake;
    private final Answers answers;
    private final FullModeConfig config;
    private final Clock clock;

    QueuedGetService(StorageBackend backend, SurlParser surls, Doors doors, Intake intake, Answers answers,
                     FullModeConfig config, Clock clock) {
        this.clock = clock;
        this.backend = backend;
        this.surls = surls;
        this.doors = doors;
        this.intake = intake;
        this.answers = answers;
        this.config = config;
    }

    @Override
    public TransferResult prepare(Caller caller, RequestKind kind, GetRequest request) throws SrmException {
        requireGet(kind);
        intake.requireFileCount(request.surls().size(), "arrayOfSURLs");
        if (kind == RequestKind.GET) {
            doors.requireOffered(request.protocols());
        }
        Duration pin = Intake.capped(request.pinLifetime(), config.defaultPinLifetime(), config.maxPinLifetime());
        List<NewFile> files = new ArrayList<>(request.surls().size());
        Map<Integer, SrmException> refused = new HashMap<>();
        for (String surl : request.surls()) {
            String text = surl == null ? "" : surl;
            Surl read;
            try {
                read = surls.read(text, caller, kind == RequestKind.GET ? Access.READ : Access.STAGE);
            } catch (SrmException e) {
                refused.put(files.size(), e);
                read = Surl.unread(text);
            }
            files.add(NewFile.of(read).withPinLifetime(pin));
        }
        Map<String, String> parameters = new HashMap<>();
        if (kind == RequestKind.GET) {
            Doors.keepProtocols(parameters, request.protocols());
        }
        NewRequest r = new NewRequest(kind, caller.owner(), request.options().description(), parameters,
                intake.requestLifetime(request.options().totalRequestTime()), files);
        return answers.of(intake.submit(r, refused, Intake.BeforeQueueing.NOTHING), List.of());
    }

    @Override
    public TransferResult status(Caller caller, RequestKind kind, String token, List<String> subset)
            throws SrmException {
        requireGet(kind);
        return answers.of(answers.owned(caller, token, kind, subset), subset);
    }

    /** The engine's work for a file of a get or bring-online: a stat and a door, quick enough to serve at once. */
    FileWorker worker() {
        return new FileWorker() {
            @Override
            public boolean servesAtOnce() {
                return true;
            }

            @Override
            public boolean redoable() {
                return true;
            }

            @Override
            public Served work(Request r, FileRequest f, Account account) throws SrmException, NoDoorException {
                SrmPath path = surls.pathOf(f.surl());
                FileStat stat = ReadableFiles.require(backend, account, path);
                OptionalLong size = OptionalLong.of(stat.size());
                if (r.kind() == RequestKind.BRING_ONLINE) {
                    return new Served(Optional.empty(), size);
                }
                String door = doors.choose(r);
                return new Served(Optional.of(doors.turl(door, path, Doors.grant(r, account, Access.READ,
                        clock.instant().plus(f.pinLifetime())))), size);
            }
        };
    }

    private static void requireGet(RequestKind kind) {
        if (kind != RequestKind.GET && kind != RequestKind.BRING_ONLINE) {
            throw new IllegalArgumentException(kind + " is neither a get nor a bring-online");
        }
    }
}
