import Foundation
import Testing

@testable import DoseCalCore

@Test func sha256MatchesNISTVectors() {
    #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
        SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(SHA256.hex(String(repeating: "a", count: 1000)).count == 64)
    #expect(
        SHA256.hex(
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    #expect(
        SHA256.hex(String(repeating: "a", count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // A collection without contiguous storage gives the same digest.
    #expect(SHA256.digest(Array("cba".utf8).reversed()) == SHA256.digest(Array("abc".utf8)))
}

/// Messages around the 55/56/64-byte padding edges and several blocks, against digests from
/// `sha256sum` (GNU coreutils).
@Test func sha256AtBlockEdges() {
    #expect(SHA256.hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(SHA256.hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(SHA256.hex(String(repeating: "a", count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    // A collection without contiguous storage takes the copying path.
    let lazy = SHA256.digest("abc".utf8.lazy.map { $0 })
    #expect(lazy.map { String($0, radix: 16) }.joined().hasPrefix("ba7816bf8f1cfea41414"))
    #expect(lazy.count == 32)
}

/// The first hex digits of a digest (what a UID takes) are the digest's own.
@Test func sha256HexPrefix() {
    #expect(SHA256.hex("abc", digits: 24) == "ba7816bf8f01cfea414140de")
    #expect(SHA256.hex("abc", digits: 64) == SHA256.hex("abc"))
    #expect(SHA256.hex("abc", digits: 7) == "ba7816b")
    #expect(SHA256.hex(of: Array("abc".utf8)) == SHA256.hex("abc"))
}

/// Message `count` of the length sweep: byte `i` is `(i * 31 + 7) & 0xff`.
private func sweepMessage(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

/// Every length from 0 to 200 bytes (all tail shapes, one to four blocks), against digests from
/// Python's `hashlib.sha256`; the byte array and the string entry points agree.
@Test func sha256LengthSweep() {
    let expected: [String] = [
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879",
        "140d811b81973993df99b8b1742b383ab83f6f52bf7af850812e7bba02ff11da",
        "647674a296197442f518bcca323ec605dd8d098b2d4f22ee1fdcdd2bb753a189",
        "b999f79c534a332dfb989ab78cda3d1967c16133ca1d668cf62737f8d768962f",
        "a7fed79902b79407088f9cc6584f7506f82d8be43dc419ff5ab1969dfdd245f5",
        "35a9838ae94607ca89c07791a9682ba4a7a4ac9a30f262439c067eeb64ae2ad1",
        "13ce3403bf0ec804d44556f2fce6a75e4117680fb8791e7bc631bb7ef0d13550",
        "4fb900ca3f5832fcc475b79bf07217bf0edfe9d39ea10f5cf624246ff68b47de",
        "1a4d14ade81567725e079c6fc24507fefef27d92c7ac4086d9f74b89ef2f0aa4",
        "49e62c55d4996b5c5092f67f3ca52e954e37310cd3e07a25be69d3f1b8d2fd98",
        "b1ea037a5a2028c5faa5eb98708424f1ac7896731528711341f236d8c19cabd1",
        "d255aafa782c787b223925cbe2cc9d234ee70cea08b951f0b0c0b3f8b82e0916",
        "dc898e8ef5663ef7a22697ee877b3c4d62ac6f2a60d87187432172e46ece2cc4",
        "4327538c6f8ae469aa369a03eddf44f38c784d258bbccb6e1a571adaa0ad9d9a",
        "45d2755c5c700f214e3422972d36e5de4416645f498926ac719fae09605c09f4",
        "f087c7ff57988205ab8885ecbfca8a77c96e91b213bdaba91143fbcd62997713",
        "b6ff0191041cc77b1ef514adaed53fdd247fd43221a629d3d7c91d14e21038a3",
        "df1d155105ed3fd5a96ac0cc8a03757b8b129af594f42415eb239a4b4bc75767",
        "b8c31728a52aa1d6dc0c74c313c5920752a3e4b6aee9af80355626e46425d870",
        "3d9862867e0f08fe66a4a8060f470d25cfb1dbf7705249bc343df0ae24aff0c0",
        "fbb90f5e6853482c6429452998cfd075da3a022b888fe1656fa06db254a5febd",
        "8f98945d76a89645faec1fa8423320e1c667fe187010df451ec31aef07ac92bc",
        "e37502a8c138a926769fa31e1f8897d8c8ce9869acbc47a08228c10733bd4a7f",
        "534ed31261a5fa7479dfdf11a17fd67c54f97f709c8d0cbc7d6cede4250848ab",
        "62394da95c50caab10618ac4b91e5855e5d6070fdbc4f3fcf236ad6131552a01",
        "476f63083003ae90ee93820b6424e7fe7225295d1df672f1980cda7611c7525d",
        "c254534705c4b62acfdb7559129a2fe1f4a6357f29adb2ce0272a5850ec18779",
        "44e10749b735119d2bb8a035ab9e80feaf2d70ff0cb4ff81009a7164ea7ef158",
        "635d558662aa3a0a816409012f1ebddd3e97e5b47b104ce3cf2fa51eac6ba03c",
        "96c7f171376cadae5507a4e86f209ecae9803c573b4c12ce092cd3a406753ee0",
        "5e5f9fa56d6337115e86a2508477e87c7d5296d0b0743ecfde2d0caeed2db37d",
        "8e889f10b21cdd1b3ad72f740317a827d76e1b5b3f721e33c566f06d1deff8ea",
        "93462e85c42aa037bc727a8c283497594aa5c844f0e5bccaa52fec34dee9f44e",
        "7eacf4e83a0c0f6a275d8638bb4139f57032be7f92faf18061ab123956e839f7",
        "694e74e19ea404ce1fa456cd86a21805c1d5e3b9ddddac82049e1930f7916207",
        "1b0e5a6e99cf2857502ea95e3c9fd8623a7b97c736d2a3ea51007cc8f4e4459d",
        "1de539554304369f30c38f449ff784bd5631da1c116826ad6bf9eb941b4def8a",
        "919d8c7274eabf2f23564d1ffaff05432563380a336ad020c475ede6f8e758db",
        "4673c1ba5e3149dc9378b6991aad7fc5b9eea309128de482e41a4a26b1014253",
        "0069ba1486c68c9d9b6696145417e15d575490572a589cb90295d1d646ab168d",
        "713465c48d1af54b1ec09afeb0ff1d2c1d903e2209e6456cb1bb406feadbdadd",
        "d59b89452cfe95dea27e9ceb867031c0d1b009b7a34f7f9579033de9fb1b7025",
        "cb2918c166fc0ce29240404ded678790ec1ed1081a44451b12db86af947409dd",
        "c6c2394c8738d718c9267fa44a604af1730c3eee5b49206eb0b3afe51fb9094f",
        "70e67c7bb6676134b17de565343d978e42a4d9c451081b52dd7305d39db8998f",
        "efe965a979e8ea0af2bc644f948b5d9ff44aa32c9ef16696e7c39b43bd34eccc",
        "0b87b79f91e5d8b08a2b987530d2661a815cb36051d1d9de643d9b77f8b0000d",
        "dfdea792658d9e37734453208d20a69207f91e45b38ba9fb35d6a855cbcaa859",
        "133936d4a4bdf0845e1a7f6eec060132a2b4f9ca028e891cc9d491f588cdf0a5",
        "9482749d4936c40304ce3449d92fd738a8bb2919dcfb63ef738a19e3a3b01d04",
        "ef91e8e4033ca1960bfd6b772d4992f661954e6285ec81c8abe8d89e2fc8a04a",
        "56d20b3f0c9a4610c8f555349d5a1acbd77f4ae92e3e1052562e1df97c1831bb",
        "6018db3f8d14f3b05f0ca750fd780750808dd09a23128cdd80a81251b2c5d519",
        "c802146d5788fb540fbf29d8ff485730ad10f4f13b78961c032e78691b582647",
        "8aa994584139d128848eeebc4e815639ba5ab6e6e39574195a63ac4f14f7c43b",
        "ad574708f75c044c9b85de64cb568ee7711ff4f36448c6242f053ba8f6cc2b63",
        "5b46e502092be01b1100193e089fdda95638c12e19a1d24f308eb2c3d3ae849d",
        "b077ebeb8236a3aadb7f9f3fac9bf78df7e2ae0e8ca49d19f36914c66c2421ea",
        "52c10381fbaf5149f1c9a1df701baea05f74df32b80fa073943df58b61942ca2",
        "0cd53cd7093df4c301a67b8072a805e69508d9336a4a237f760dd989994fe7a2",
        "e8e5a95dd7d96e970954472cc2ed73edca2c48c710048b858c31996ce769a382",
        "8a670c7c037c3947aa18d2a2a717c1814a210f51ea22138c5bc43d5e09f63db7",
        "280ed3e8ff1df845b2e7dfe6ac6cee817bef20e783cc65abc41b818b4d2fe076",
        "c6ab9724ade5b6a7a1edfffb12f3aa9181351355af8fd08c919952ad211339dd",
        "788367c73c7ddf4c53f65e68cc0d943e6227ab55b0e78ba63ace822b1c6301c0",
        "c24f29299c40d868cd7b1f5de6af00827b1a8454ed22256f8fad0a23651d8cb3",
        "978d3882da4335d999565e8f6a1ad3c67d05d13200305ca88b71c15a6e3e85c8",
        "73205e7093c6b53b335bcedba2eeea7ae1f9d2fa189709ff17c2c70b11c758b3",
        "0bc9554f0d0db189aedc00e391072ca3f9727d8b00b83fb701f0569066c01ffa",
        "d9c27945a73a9005b52f13594479b695ed1c4e96f764e62a19ea2e32af9b44e5",
        "b4d079c3da387729008e096f129032366ba3b1b13f07c57352afd083824d1de9",
        "9c6db2e3af616bebc9de6e90f9d1be29621157db8a0718aa2fe36d84fc451f87",
        "5289296269eaf1e62e77cff45f520309cb0a5d5ac7290e09be5714cb3602ffb2",
        "7bf9fa01704b1fc3a5aedb1cc286a29f2c1f380a6ef5c50f6e208e8e86b34b01",
        "56b127f7acfa1c21854e9f44179d88588f68be841c0dbaba735f65f94ba42207",
        "c30425ba5122022f0cb5f2b85fddfff45900e6e7f3bc4a064fa5bb771a3fc288",
        "2b5636493c358e72d577ce8afbeb79e6757c188a6fd31d029a2821e85542833b",
        "677f8cc982301dc75b9b988799379e69b7b676b117d886466692081cb33c0bc3",
        "9f419c1f641a930b61e7861f11c3dd716bc05991a072efb8b5bbef7436d19aa2",
        "b26499a826b8b46533c2d582cd456c0c3ef988e52c4f2af931b44baaf18de26c",
        "2cbbfa85a5052ffdf904ef426414e11201bf118874ace71e173822b1f037d38b",
        "5ee37ccff83bb4c9590fbb0ed39bbf48cabcbc5af621793c3bde3140c24e805d",
        "d148a9b0b08ada1301de8deaf952ed6d9ef8722928d57d2dc6104ed4eb3a1a47",
        "a73b761738961969a2dd7b875bdd38fcd0b1abea466bda5872f5bf1de8511d84",
        "210e074eadded47ed7cb727d9748bd14cafda623bc6947cc1e6302688da64d22",
        "a305fec92849b9c0765508d5010aff39ff3126e4ff4e10072199d8c02ce8defe",
        "ad5d8afb4c5cebec996abb96f7e9a1341c4b30db6d105dbb081d98454cfc7a6b",
        "efec7be79a6481cece434f8b463bc7800d10b8208c93b4fcc8c71f7f6701f71e",
        "61208160d58e9662571cda06cb9714095edf50393caee99cb75c5a26f488e19b",
        "2510bce9f3bed86186f4a98def953dad75bb13a89356426603a22f81c9ea5768",
        "25430c9c296d09c08f26d7efd74da726e8b705275e7a212a1fbf9d611c54c84f",
        "087ae647d38e728654b8d64960b8b59f31e46f98186f36e2e6a87e9ff6a6418d",
        "faced2ae498e7cce764c5f3c6a59610ec089b9d8ab67a2f81c1fca0b4403934e",
        "9d362998ae54695e7f832df638a353822f1283a49118f908703fdb0803509424",
        "d8c1f906be7970fa1b45890c5b45f94564ce77dd02bdb8cf0b869ca0afaa89e5",
        "d6c2773235f3785b4cf0f2b11861675cfd7f2a033ae69df9009cce1a787188b7",
        "15218c39030268e3258c9d4a8d3f284885a3784d0a0eb64d0e3ff99630457198",
        "c0744ab5ad80d3d6b460729c98230900a31d8c458ea5b462c79ed8a255e230a4",
        "717c23feab1f6a3a42269fc90b88799a1634028b67423f14b8602498bb952546",
        "c22e490daa445fb2fba44278c022df135310fd278cabca4ad7919eddcccd1dce",
        "e074ec684ae30cd662349906698baedc326789d9048ddd3dc1d43c6fcd5ab215",
        "52b5aad34021e9763bd2f719103edc8792bbf1250064eaaeab3b618cb31f1605",
        "e571c2a147c1eceec5dd8b6aeb1889aae50ea41b623d3026abc665acff5201f9",
        "23741790d156ecb2e1f43040faf528c96695945ff60b140c017b18137ca88888",
        "b9eeabc1150408b0798f41474ca2631a1e1d21d596db4420f3e23a2e05b3d9e3",
        "5d996879165390ac46419c0d499872248af518d37f368517d601e9404dd4e543",
        "49b9f17a7f3c6d94ae8b82ae9f94f367750c2c96b5b3e512c0c70cc818caf741",
        "189fbfd57dd81e95f3328c00adf69cc226c6c6081b21dc12f60ee1505d8d966c",
        "28ff771381251bcd442093a809a61095f53d6b83b7df9e59d142570bfc2a2835",
        "fe47c5a8d830476f3857f334a8a6d25f51270b9ab6f5d6dfaf5cb87b57c7aa91",
        "dd1413178fb627f9abbc041ffe39c44aa7aaa0e2e6d2ca5c4528ac7073a2da45",
        "a65c92dac124062d0ab951a42773cb04fc98d1d4bf8897b176f8cff3509d379e",
        "6f184b6619128e865ecb2b3ea96c03d461f0664d87689480988dbee53a449161",
        "81a8edf98294aab58cd1624aa4eca96e7f12de7de41005d08a5dc160a3c66ed6",
        "acb4c84cb17d887b3411a138a357b52be28f487418f65a0c5dc3b11a1337ec6f",
        "0d6a9d84e67cb35fb772c46763b46b72e229b5f76663c5ed53343424775ad100",
        "af7b162f08dae5e87b4008e21010c646a576e3372d6814edd32f9d01949deca9",
        "e96230c1485dd2e36f02f30932b0e2acf725283090cfdd8c58fce6bf523edd26",
        "3d610547d68216dedf7435a4fb6260353911f6b3fd3f18805ddb8be285d726fe",
        "1f80156a804cb7862ad113e8200e9d74499723e7c7854d5f48776d3148e09656",
        "614571410beab3df68d50132a341d338575653da8374c630441bbe380b9b3136",
        "d728ad2179214f0cb2b01d264d8b7fb26893e310599d5d419c7a9f92ca293664",
        "893ef3f88cf4382f5d660f694b6b4213960adffa842aca38988fcbc7ea5b58dc",
        "2a4c07c863a78da189481963834179ff348b51630ccf098b923d871ff748403d",
        "5ef8fed0986749855f87f2125e13fe813d9c1428ef0ef36bf49395b53d14c85a",
        "5aa67f561ca036a72db939b4d4b14975505f08fc1564036822a1639a5b09dfb8",
        "192409cd280e14b743642ad1343fbd3e82d9305de72c078117745a679210cc3d",
        "cc548ca2dec1f6fe4f58b2e27aa9c7521607df1130d140b55a4dad0665302356",
        "81e89a7b2911aaa7795f9e3d4910cb47d6cd2b00d83b8399481527261a1a7519",
        "1c7c3b5eee94d4fa8b41754b89153e50491838d0d3e49b0273d6f12cae12e387",
        "18769e5eba4eee253e84312bf5b108061fb60c21fa952447245a577eae6795fd",
        "a5410f75af642052ed7e8e414b61953227f4d8a3faea3422c35ad4a5baacf4bc",
        "764f3f0931be1a7d79b3b1e18778ee744d6db830e61e738b5910efe3dd0ea7d6",
        "888813803b4f71323a995835cfa5cce686bd14801a08b3471e953d4fe017e4f1",
        "8dc4c3808177a1929f7a7bbb69357dc0df4ddd4f52982df5557e1620d67e63ff",
        "c24b158fded40acdd875625ecbf3733ac2056516bf20a20c920404d4ca720ba6",
        "3e28a29dd0249f4b8b9c78d1a497b28885bf4b69ee8fcdc6b6140987d6b76dc3",
        "2e9719b2d7aee22146160956be7fdd6f0e5bf58763699d4971b26308b5d3cdc0",
        "97e1f04b02430b9fdfccbbe14b4cd2c6bea1d429b5677616a34f49877acf89da",
        "39c1c0b83952c4c9a81acce56a0f0e986a7836fcfdf390d7928d8ed577874a03",
        "c6f81b97015569f181442f8f2fc1e9e8ed5ee70fc1a49b43f8b8a26d0b5f4e02",
        "7e94c204a36634c4ae4898af321f156bfbab00f77ae0a7e4ef0bbe80702219a4",
        "954a89c22379c8c8d3873d7629d999b17c20a918a58df017d46ea4dbacd82cab",
        "8e199690f08da68d684a89e782ecb9523b6f7eba20503f4f85307cf090cba03c",
        "382cce968006fb1bd57dd434379c2790c79cbb4f19c609aad9707de281d01d94",
        "e234bd7ecd628ba3c190456fb3f141688fe5d2f976bff6618795f4e5ff07cb35",
        "ee9795ce4f78e8f8d8b7313ce5d4cd84ed1693be41c84577aabc694394189093",
        "065c1162967d3008f738862862fc01f6e63cc8eecc0849d9c278e5153c19dabe",
        "f90d15274890783e79d539fb16aa05e68ab17ee1d4099228da2d80de19f20c49",
        "5eab0cc7b2b5916cc393889854d7cf4d652fc12dec49973113c9d8e4332197fa",
        "167cbf48d12d456d6e73518b2ba5bf2e05469e0f476e5d686ed219cd646c7059",
        "aab839f6ef544fa4971d0d5cd61dd73ec9ea579f151f3286cc07d533ad6a94f9",
        "c758ac549754ad18f07c4931a2d4d394e3d7c7de7ef425bb12ee98760106189c",
        "e7fe3f3b7086034969d4cfa1b4a947de66fdb678434060d325f83b96dfa4ec7f",
        "bcaaa9fd348b72ea8969c4adb5fb2575294f7b8c813e2ecabcb673893fe3dc22",
        "c10579c01a89b262354304ee97601d57873b3a30cb8406edac26d1aa98991a2f",
        "10727de87d2773a7b679208004ee59140677e031f89222631697b6202abb22a7",
        "6f87b1ec31c9d8070900ad975750c72deb9b0da38afe4f45c4bba4056ad9f0fd",
        "348b680dda703d4d84492be7a7d82834bd11879d5cd5f956b9decffc1ec0916d",
        "10b51fe27d295be662888ffc1a0fbe54e7da565d7e1dadce6ef9628f6bafe7c0",
        "2c3f74fd4ef37e37c3067bd6263312b75d125787a40ace171e2e9c4972c68bb5",
        "760c827884597d1716dea31d80458b9fa8a28868e8d2509291b946acdfa8e9cc",
        "e261ba3883fddb02e67bbbbe432b0dd3d4a9ad3c7107411e7d1abccbc55654d4",
        "71e03269e0f4b5c35d0312e252c0bb1dd9822caad1cec6f9c0b9f29631b20eae",
        "d978b218e592e3901597ccd781df344254433ba7c7087c8c785d25d764072ef5",
        "2908cac0b21b0b76a53932712fb52ad0f5fd00a7bb8dcaa25764002101915774",
        "0f4555a9609cccbf2f1df0857ab09e94546b4a66f71f062445311aaf89e4f0aa",
        "353dc2015e200bcb38eba6890db85c611a905540b69392c342ac6d8fc7243302",
        "2693c62048824b3a7a42b36d20357f870f596b6191b7da05f79bed83ce94b45e",
        "6980341780cf937954bb988f607405ae321358ba7cffa8128d87007ec13b751a",
        "55d7b8b6e738d95dbddacca9defc117d0276e376d0dd8bb130811240125fd53d",
        "80384da4a0b9c37887b9b3940b432eeb8a8913600f099ad32d067507beb9948c",
        "95d7d8ea38bbb219339ce00ae1dee1b13c6841afb37348b0675544279016e479",
        "d2ab9c5ec6076dbe44b91add6a27c605d8e9fddaca350eb36a187acf9bb3f633",
        "701d3dae8ec02f216f73e60ac46490cb945ebe91965993789fa11d2c5d7694ed",
        "58df018f5b17dbfc0f27e2f3e60c0118dfd1f537b2fdefb1140640f1050410fc",
        "a1b11dc013e81f62b32567b312ec7984d376d9b1e87e035b221c9cadd400d815",
        "deeb81ef7d9ccfc4f0f418d3f9c411f839bc1837bab857025ef8da84fc55d442",
        "b5bb851176acd354716bc554fd63368128d1d91310fd93bf6aa6334feb390cc6",
        "51a698ddb018a6410222c2fe140a22a7acfd0e13e60331a047adcbf64a6356a5",
        "bbc9e4ba37b293a192591d17e121550d69b06f182093314ca7acc9070b5d818d",
        "5ed34fa086dc6f3049923925507962e846a16346c34415ebcc97621e2a20d88a",
        "a0687018a48993fa01699bfd35af7ad7722645db72db8cb992ea29879f1f469a",
        "3fc9f2e46a8dde9185fd546c4082719cd75ded2723835be16a07e61b1dea1595",
        "96a39fb1d3018e525607a20559aacfb53c34bd696a88bb7fbfb065875977760e",
        "aa364f12dfc6c201c5f78d9a8a443ebecd8d4b90421b08c05981bbb43942c8c1",
        "e73dba66ee63c61be311dfee970a0961d6cc2e6ce0693f8f15a3b6d8446cfdc3",
        "341fc71fe02af0dccfc000c98b2854bb4835ecc859d39f31ffccc4ddd90d1d21",
        "31767f2adc750b961da57e02a8575f2641e2d140f7ec9cabc517bcb7a082caee",
        "b245f5216fb8ecd0ddffa1110e8b6ee47e9f74c80bab89d711809c2131852104",
        "2a30958d124d569d0a4832c608c772181557edbae684ff368be6592d3bf500c7",
        "6e3a9b4ecba7af3a46e4f5c90fe02c99b5715144444b38049a42ac8313b30346",
        "87746ac61c76c535aff44356de173c446cae1a259ea678f42af728c00b9aa287",
        "151bb57a34c56ebe1cedf644d582ffec3532070505fe967aa63c37b37b434800",
        "a2aca24f9f32c28f1c2580638ae3f51b2d783dfa852da6e199330ecc0b4f392c",
        "f8ae280945ac9ea24e9c504cae1644d7407f9550f8925ecee28b4aa8e92f80e7",
        "562ff0b26f1e0550607ac75443bff2c5db789a3609873d973f5754009f283e91",
        "80172f9659721c154f8ca4c13a2d8ecd4d3fdf68ee253310aaf043da815aa88d",
        "fbcad5d972e2f0f5cd8b088ee7f1620163668962f5603485971fd6e93a171fc8",
        "44cae5223d431caed4a9e32271d6abf17c3f2f4abac45fcdb48a99fcc6072a09",
    ]
    #expect(expected.count == 201)
    for (count, digest) in expected.enumerated() {
        #expect(SHA256.hex(of: sweepMessage(count)) == digest, "length \(count)")
    }
}

/// The first `count` letters of "ABC...ZABC...".
private func alphabet(_ count: Int) -> String {
    String(String(repeating: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", count: count / 26 + 1).prefix(count))
}

/// Padding edges in ASCII text (the string path), against Python's `hashlib.sha256`.
@Test func sha256TextAtPaddingEdges() {
    #expect(SHA256.hex(alphabet(55)) == "5be2d480ff0ea4094fb05e7adb2c1dbf1d7bd99dec429827ea4b9c1ddc7d3bf1")
    #expect(SHA256.hex(alphabet(56)) == "f257b5e23c5cb81d044c7a9074ceeac9235ff5c1b377048c7c368ef1038462a2")
    #expect(SHA256.hex(alphabet(63)) == "8abf253c52140a4203ed43a606808e342ec84856c5c32bb8e4e3869885f83534")
    #expect(SHA256.hex(alphabet(64)) == "9b0c3567683f6d5198d714b00c40df3039f7717ba5ca65c2b6617688b63b42fa")
    #expect(SHA256.hex(alphabet(119)) == "774836b19af4f3015a8dff4e9cb353b11899645ade4626c677a21c84cdb00050")
    #expect(SHA256.hex(alphabet(120)) == "a26af5006eb83a2fc03fcd4a54ff5ab7269b4732bb84dc76c41ec097ce17be3f")
    #expect(SHA256.hex(alphabet(1_000_003)) == "69278126c79c13ce1e3165107ff0c1356bba9a812ec244c572355c8d5880381c")
    #expect(
        SHA256.hex(String(repeating: "a", count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
}

@Test func sha256HexBetweenPrefixAndSuffix() {
    #expect(
        SHA256.hex(of: Array("abc".utf8), digits: 24, prefix: "dose-", suffix: "@dosecal.app")
            == "dose-ba7816bf8f01cfea414140de@dosecal.app")
    #expect(SHA256.hex(of: [], digits: 8, prefix: "", suffix: "") == "e3b0c442")
    #expect(SHA256.hex(of: Array("abc".utf8), digits: 64, prefix: "é", suffix: "💊") == "é" + SHA256.hex("abc") + "💊")
    // The UID form: the same as the text hashed and put together by interpolation.
    for id in ["med-0000", "x", "ünï", ""] {
        let text = "\(id)\u{1F}s1\u{1F}from-20260101"
        #expect(
            SHA256.hex(of: Array(text.utf8), digits: 24, prefix: "dose-", suffix: "@dosecal.app")
                == "dose-\(SHA256.hex(text, digits: 24))@dosecal.app")
    }
}

/// The CPU's SHA-256 instructions (where this machine has them) and the Swift compression give
/// the same digest for every length up to four blocks and for seeded random messages of up to
/// 64 KiB.
@Test func sha256InstructionsAndSwiftAgree() {
    for count in 0...260 {
        let message = sweepMessage(count)
        #expect(SHA256.digest(message, instructions: true) == SHA256.digest(message, instructions: false), "\(count)")
    }
    var seed: UInt64 = 0x5A25_6202_6120_5000
    for _ in 0..<40 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let count = Int((seed >> 33) % 65_536)
        let message = (0..<count).map { i in UInt8(truncatingIfNeeded: (seed >> 17) &+ UInt64(i) &* (seed | 1) >> 7) }
        #expect(SHA256.digest(message, instructions: true) == SHA256.digest(message, instructions: false), "\(count)")
    }
}

#if os(Linux) && arch(x86_64)
    /// The instructions are used exactly when the kernel lists the CPU's `sha_ni`, `ssse3` and
    /// `sse4_1` flags.
    @Test func sha256InstructionsAreUsedWhereTheCPUHasThem() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = Set(
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        #expect(SHA256.hasInstructions == flags.isSuperset(of: ["sha_ni", "ssse3", "sse4_1"]))
    }
#endif
