# OpenSRM server image. Build: docker build -t opensrm .
# Run (gateway mode, POSIX backend):
#   docker run -p 8443:8443 --cap-add CHOWN --cap-add FOWNER --cap-add DAC_OVERRIDE \
#     -v /etc/opensrm:/opt/opensrm/conf:ro -v /etc/grid-security:/etc/grid-security:ro \
#     -v /srv/srm:/srv/srm -v /var/lib/opensrm:/var/lib/opensrm opensrm
# The launcher is the README's: bin/srm-server -c conf/srm.conf (kept in step with it by reading, as no
# container engine runs on the CI machines).

FROM maven:3.8.7-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN mvn -B -ntp -DskipTests install

FROM eclipse-temurin:17-jre
RUN apt-get update && apt-get install -y --no-install-recommends libcap2-bin && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home /opt/opensrm --shell /usr/sbin/nologin srm \
 # The server acts as each mapped account: it needs these capabilities, not root (docs/operating.md).
 && setcap cap_chown,cap_fowner,cap_dac_override+ep "$JAVA_HOME/bin/java" \
 # A binary with file capabilities runs in secure mode, which ignores $ORIGIN: list the JDK libraries.
 && echo "$JAVA_HOME/lib" > /etc/ld.so.conf.d/java.conf && ldconfig
WORKDIR /opt/opensrm
COPY --from=build /src/bin/srm-server bin/srm-server
COPY --from=build /src/srm-server/target/opensrm-server-0.1.0-SNAPSHOT.jar srm-server/target/
COPY --from=build /src/srm-server/target/lib srm-server/target/lib
COPY --from=build /src/conf conf
RUN mkdir -p /var/lib/opensrm && chown srm /var/lib/opensrm
VOLUME ["/opt/opensrm/conf", "/etc/grid-security", "/var/lib/opensrm"]
EXPOSE 8443
USER srm
ENTRYPOINT ["bin/srm-server", "-c", "conf/srm.conf"]
